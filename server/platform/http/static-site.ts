import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built single-page apps (dist/web). Hashed assets are cached for a year, other files a
 * day, pages not at all; every other
 * non-API path gets its app's page so the client router can show the screen (or its 404 page):
 * /office and below the office's (office/index.html), everything else the customer's (index.html).
 * Source maps and the build manifest are not served.
 */
export function mountStaticSite<E extends Env>(app: Hono<E>, webRoot: string): boolean {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const officeFile = path.join(webRoot, 'office', 'index.html');
  const root = path.relative(process.cwd(), webRoot) || '.';
  // Source maps and Vite's manifest stay on the server (for us), never served to the world.
  app.use('*', async (c, next) => {
    if (c.req.path.endsWith('.map') || c.req.path.startsWith('/.vite/')) return c.text('Not found', 404);
    await next();
  });
  // Every file gets a Cache-Control (set on the answer after serveStatic made it: its onFound hook
  // came too late for some answers). Hashed assets a year; pages are checked on every load; the
  // other files have no hash in their names (the logo, robots.txt): a day (decision 232).
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.res.headers.has('cache-control') || ![200, 206, 304].includes(c.res.status)) return;
    const html = c.res.headers.get('content-type')?.startsWith('text/html');
    const policy = c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : html ? 'no-cache' : 'public, max-age=86400';
    c.res.headers.set('Cache-Control', policy);
  });
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // Brotli or gzip copies written at build time (scripts/precompress.ts), chosen by Accept-Encoding.
      precompressed: true,
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
    }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    const office = (c.req.path === '/office' || c.req.path.startsWith('/office/')) && fs.existsSync(officeFile);
    return c.html(fs.readFileSync(office ? officeFile : indexFile, 'utf8'));
  });
  return true;
}
