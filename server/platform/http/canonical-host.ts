import { createMiddleware } from 'hono/factory';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Sign-in accepts requests only from APP_URL's origin, so a page opened at http://127.0.0.1:3000 when
 * APP_URL is http://localhost:3000 could never sign in. Page loads on another loopback name for the
 * same port are sent to APP_URL instead. Nothing else is redirected (a proxy's hosts are its own).
 */
export function canonicalLoopbackHost(appUrl: string) {
  const app = new URL(appUrl);
  return createMiddleware(async (c, next) => {
    const host = c.req.header('host');
    if (c.req.method === 'GET' && host && LOOPBACK.has(app.hostname) && !c.req.path.startsWith('/api/')) {
      const requested = new URL(`http://${host}`);
      if (LOOPBACK.has(requested.hostname) && requested.hostname !== app.hostname && requested.port === app.port) {
        const url = new URL(c.req.url);
        return c.redirect(`${app.origin}${url.pathname}${url.search}`, 308);
      }
    }
    await next();
  });
}
