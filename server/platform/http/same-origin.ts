import { createMiddleware } from 'hono/factory';
import { AppError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for the customer API: a request that changes something must come
 * from the portal's own pages. Browsers send Origin on every such fetch; without one we accept only
 * Sec-Fetch-Site: same-origin. (Better Auth checks its own endpoints the same way.)
 */
export function sameOrigin(appUrl: string) {
  const allowed = new URL(appUrl).origin;
  return createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fromPortal = origin ? origin === allowed : c.req.header('sec-fetch-site') === 'same-origin';
      if (!fromPortal) throw new AppError(403, 'bad_origin', 'This request did not come from the portal.');
    }
    await next();
  });
}
