import type { PGlite } from '@electric-sql/pglite';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { Kysely } from 'kysely';
import { accountRoutes } from './account/routes';
import type { Auth } from './auth/auth';
import { googlePopupHeaders } from './auth/google-popup-headers';
import { authHttpHandler } from './auth/http-handler';
import { requireCustomer } from './auth/session-guard';
import type { Config } from './config';
import type { HourlyLimits } from './db/hourly-limit';
import type { Database } from './db/schema';
import { AppError, handleError } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { canonicalLoopbackHost } from './http/canonical-host';
import { sameOrigin } from './http/same-origin';
import { requestId } from './http/request-id';
import { mountStaticSite } from './http/static-site';
import type { AppEnv } from './http/types';
import type { Logger } from './logger';
import { backupRoute } from './ops/backup-route';
import { createMetrics, metricsRoute, type PoolStats } from './ops/metrics';
import { publicRoutes } from './public/routes';
import { customerRoutes } from './routes';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  auth: Auth;
  /** Signs our own cookies (registration proof); the same secret as Better Auth's. */
  secret: string;
  logger: Logger;
  /** Called after a route queues an e-mail, so the worker sends it without waiting for its poll. */
  onMailQueued: () => void;
  /** Readiness: the mail worker is polling (server/public/routes.ts /api/ready). */
  isMailWorkerRunning: () => boolean;
  /** The PostgreSQL pool's counters for /metrics (absent on the embedded database). */
  poolStats?: (() => PoolStats) | undefined;
  /** The embedded database and the token `npm run backup` shows (server/ops/backup-route.ts). */
  backup?: { pglite: PGlite | undefined; token: string | undefined } | undefined;
  /** What a customer may create per hour; load and fault tests raise it. */
  limits?: HourlyLimits | undefined;
  /** The built web app; omitted in API tests and in development (Vite serves it). */
  webRoot?: string | undefined;
}

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: AppDeps) {
  const { config, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  app.onError(handleError(logger));
  const metrics = createMetrics(deps.db, deps.poolStats);
  app.use('*', requestId());
  app.use('*', metrics.record);
  // API JSON and pages over 1 kB go out gzip-compressed; built assets are precompressed (static-site).
  app.use('*', compress());
  app.use('/api/auth/*', googlePopupHeaders()); // before (around) the security headers it corrects
  app.use('*', securityHeaders(config.appUrl));
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new AppError(413, 'too_large', 'The request is too large.');
      },
    }),
  );

  // Nothing an API answers (a customer's records, a session) is kept by a browser or a proxy cache.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('Cache-Control', 'no-store');
    }
  });
  app.on(['GET', 'POST'], '/api/auth/*', authHttpHandler({ auth, db: deps.db, config, logger, secret: deps.secret }));
  app.route('/api', publicRoutes(deps));
  app.route('/', metricsRoute(metrics.registry, config.metricsToken));
  app.route('/api/account', accountRoutes(deps));
  app.route('/api', backupRoute(deps.backup?.pglite, deps.backup?.token));

  const api = new Hono<AppEnv>();
  api.use('*', sameOrigin(config.appUrl));
  api.use('*', requireCustomer(auth, config));
  customerRoutes(api, deps);
  api.all('*', () => {
    throw new AppError(404, 'not_found', 'Not found.');
  });
  app.route('/api', api);

  if (deps.webRoot) {
    app.use('*', canonicalLoopbackHost(config.appUrl));
    mountStaticSite(app, deps.webRoot);
  }
  return app;
}
export type App = ReturnType<typeof createApp>;
