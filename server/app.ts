import { Hono } from 'hono';
import { confirmEmailRoutes } from './auth/confirm-email.routes';
import { googlePopupHeaders } from './auth/google-popup-headers';
import { authHttpHandler } from './auth/http-handler';
import { requireCustomer } from './auth/session-guard';
import { refuseByRole } from './auth/people-guard';
import type { AppDeps } from './deps';
import { officeRoutes } from './office-app';
import { photoCustomerRoutes } from './modules/photos/customer.routes';
import { uploadPhoto } from '../contracts/customer/photos';
import { dashboardCustomerRoutes } from './modules/dashboard/customer.routes';
import { profileCustomerRoutes } from './modules/profile/customer.routes';
import { emailChangeDetour, emailChangePublicRoutes } from './modules/profile/email-change.routes';
import { emailUpdatesPublicRoutes } from './modules/profile/email-updates.routes';
import { quoteCustomerRoutes } from './modules/quotes/customer.routes';
import { signatureCustomerRoutes } from './modules/signatures/customer.routes';
import { signaturePublicRoutes } from './modules/signatures/public.routes';
import { verifySignedDocument } from '../contracts/signatures';
import { workOrderCustomerRoutes } from './modules/work-orders/customer.routes';
import { changeOrderCustomerRoutes } from './modules/change-orders/customer.routes';
import { propertyCustomerRoutes } from './modules/properties/customer.routes';
import { invoiceCustomerRoutes } from './modules/invoices/customer.routes';
import { paymentCustomerRoutes } from './modules/payments/customer.routes';
import { paymentWebhookRoutes } from './modules/payments/webhook.routes';
import { peopleCustomerRoutes } from './modules/people/customer.routes';
import { declaredBodyLimit } from './platform/http/body-limit';
import { compression } from './platform/http/compress';
import { handleError } from './platform/http/errors';
import { NotFoundError, TooLargeError } from '../domain/errors';
import { securityHeaders } from './platform/http/security-headers';
import { canonicalLoopbackHost } from './platform/http/canonical-host';
import { sameOrigin } from './platform/http/same-origin';
import { requestId } from './platform/http/request-id';
import { emptyNotFoundAsJson, unknownApiPaths } from './platform/http/unknown-api';
import { mountStaticSite } from './platform/http/static-site';
import type { AppEnv } from './platform/http/types';
import { publicRoutes } from './platform/http/public.routes';
import { storableAuthInput } from './platform/http/storable-auth-input';
import { backupRoute } from './platform/ops/backup-route';
import { createMetrics, metricsRoute } from './platform/ops/metrics';

export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: AppDeps) {
  const { config, auth, logger } = deps;
  const app = new Hono<AppEnv>();
  app.onError(handleError(logger));
  const metrics = createMetrics(deps.db, deps.poolStats);
  app.use('*', requestId());
  app.use('*', metrics.record);
  // API JSON and pages over 1 kB go out gzip-compressed; built assets are precompressed (static-site).
  app.use('*', compression());
  app.use('/api/auth/*', googlePopupHeaders()); // before (around) the security headers it corrects
  app.use('*', securityHeaders(config.appUrl));
  const apiBodyLimit = declaredBodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new TooLargeError('too_large', 'The request is too large.');
    },
  });
  // A photo upload has its own limit (10 MB), checked while it streams in (modules/photos). No handler
  // reads the body of a GET or HEAD: nothing to limit there, and asking for it would make
  // @hono/node-server build a full Request for every read.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.path === uploadPhoto.path || c.req.path === verifySignedDocument.path
      ? next()
      : apiBodyLimit(c, next),
  );
  // After the body limit: NUL and lone surrogates never reach Better Auth's queries.
  app.use('/api/auth/*', storableAuthInput());
  // Set on the answer's own headers (as the security headers are): copying the answer would turn its body into a stream.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('cache-control')) c.res.headers.set('Cache-Control', 'no-store');
  });

  app.use('/api', unknownApiPaths(app));
  app.use('/api/*', unknownApiPaths(app));
  app.use('/api/auth/*', emptyNotFoundAsJson);

  // Chained, so the app's type carries every route (w3cj's hono-open-api-starter habit).
  const routes = app
    .on(
      ['GET', 'POST'],
      '/api/auth/*',
      authHttpHandler({
        auth,
        db: deps.db,
        config,
        logger,
        secret: deps.secret,
        emailChangeDetour: (c) => emailChangeDetour(c, deps.secret, config.appUrl),
      }),
    )
    .route('/', publicRoutes(deps))
    .route('/', confirmEmailRoutes(deps))
    // The new address's link of an e-mail change: token-gated, no session.
    .route('/', emailChangePublicRoutes(deps))
    .route('/', backupRoute(deps.backup?.pglite, deps.backup?.token))
    .route('/', metricsRoute(metrics.registry, config.metricsToken))
    // The one-click opt-out link of update e-mails: token-gated, no session.
    .route('/', emailUpdatesPublicRoutes(deps))
    // /verify: public, rate-limited, its own body limit (a PDF file).
    .route('/', signaturePublicRoutes(deps))
    // The payment provider's signed webhook: public, no Origin, the raw body for its signature.
    .route('/', paymentWebhookRoutes(deps))
    // Before the customer API, whose session guard would otherwise answer /api/office/* first.
    .route('/', officeRoutes(deps))
    .route('/', customerRoutes(deps));

  if (deps.webRoot) {
    app.use('*', canonicalLoopbackHost(config.appUrl));
    mountStaticSite(app, deps.webRoot);
  }
  return routes;
}

/**
 * Every customer route: called from the portal's own pages (sameOrigin) by a signed-in customer
 * (requireCustomer). Each module declares its routes from its contracts, with their full paths.
 */
function customerRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use('/api/*', sameOrigin(deps.config.appUrl), requireCustomer(deps.auth, deps.config, deps.db), refuseByRole())
    .route('/', workOrderCustomerRoutes(deps))
    .route('/', dashboardCustomerRoutes(deps))
    .route('/', profileCustomerRoutes(deps))
    .route('/', quoteCustomerRoutes(deps))
    .route('/', signatureCustomerRoutes(deps))
    .route('/', photoCustomerRoutes(deps))
    .route('/', changeOrderCustomerRoutes(deps))
    .route('/', propertyCustomerRoutes(deps))
    .route('/', invoiceCustomerRoutes(deps))
    .route('/', paymentCustomerRoutes(deps))
    .route('/', peopleCustomerRoutes(deps))
    .all('/api/*', () => {
      throw new NotFoundError('Not found.');
    });
}
export type App = ReturnType<typeof createApp>;
