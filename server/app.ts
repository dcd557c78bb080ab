import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Kysely } from 'kysely';
import type { Auth } from './auth/auth';
import { CLIENT_IP_HEADER } from './auth/auth';
import { explainAuthFailure, probeDatabase } from './auth/auth-failure';
import { googlePopupHeaders } from './auth/google-popup-headers';
import { requireCustomer } from './auth/session-guard';
import type { Config } from './config';
import type { HourlyLimits } from './db/hourly-limit';
import type { Database } from './db/schema';
import { clientAddress } from './http/client-ip';
import { AppError, handleError } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { canonicalLoopbackHost } from './http/canonical-host';
import { sameOrigin } from './http/same-origin';
import { mountStaticSite } from './http/static-site';
import type { AppEnv } from './http/types';
import type { Logger } from './logger';
import { officeRoutes } from './office/routes';
import { publicRoutes } from './public/routes';
import { customerRoutes } from './routes';

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  auth: Auth;
  logger: Logger;
  /** Called after a route queues an e-mail, so the worker sends it without waiting for its poll. */
  onMailQueued: () => void;
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

  const probe = probeDatabase(deps.db);
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Rate limits key on this header, which we overwrite from the socket (see clientAddress).
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c, config.trustProxy));
    const response = await auth.handler(new Request(c.req.raw, { headers }));
    return explainAuthFailure(response, { method: c.req.method, path: c.req.path }, probe, logger);
  });
  app.route('/api', publicRoutes(deps));
  // Before the customer API, whose session guard would otherwise answer /api/office/* first.
  app.route('/api/office', officeRoutes(deps));

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
