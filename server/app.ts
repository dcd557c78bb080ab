import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CLIENT_IP_HEADER } from './auth/auth';
import { explainAuthFailure, probeDatabase } from './auth/auth-failure';
import { googlePopupHeaders } from './auth/google-popup-headers';
import { requireCustomer } from './auth/session-guard';
import type { AppDeps } from './deps';
import { dashboardCustomerRoutes } from './modules/dashboard/customer.routes';
import { profileCustomerRoutes } from './modules/profile/customer.routes';
import { quoteCustomerRoutes } from './modules/quotes/customer.routes';
import { workOrderCustomerRoutes } from './modules/work-orders/customer.routes';
import { clientAddress } from './platform/http/client-ip';
import { AppError, handleError } from './platform/http/errors';
import { securityHeaders } from './platform/http/security-headers';
import { canonicalLoopbackHost } from './platform/http/canonical-host';
import { sameOrigin } from './platform/http/same-origin';
import { mountStaticSite } from './platform/http/static-site';
import type { AppEnv } from './platform/http/types';
import { publicRoutes } from './platform/http/public.routes';

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
  // Chained, so the app's type carries every route (w3cj's hono-open-api-starter habit).
  const routes = app
    .on(['GET', 'POST'], '/api/auth/*', async (c) => {
      // Rate limits key on this header, which we overwrite from the socket (see clientAddress).
      const headers = new Headers(c.req.raw.headers);
      headers.set(CLIENT_IP_HEADER, clientAddress(c, config.trustProxy));
      const response = await auth.handler(new Request(c.req.raw, { headers }));
      return explainAuthFailure(response, { method: c.req.method, path: c.req.path }, probe, logger);
    })
    .route('/', publicRoutes(deps))
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
    .use('/api/*', sameOrigin(deps.config.appUrl), requireCustomer(deps.auth, deps.config))
    .route('/', workOrderCustomerRoutes(deps))
    .route('/', dashboardCustomerRoutes(deps))
    .route('/', profileCustomerRoutes(deps))
    .route('/', quoteCustomerRoutes(deps))
    .all('/api/*', () => {
      throw new AppError(404, 'not_found', 'Not found.');
    });
}
export type App = ReturnType<typeof createApp>;
