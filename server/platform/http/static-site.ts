import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built single-page apps (dist/web). Hashed assets are cached for a year; every other
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
  app.use(
    '/assets/*',
    serveStatic({
      root,
      // Brotli or gzip copies written at build time (scripts/precompress.ts), chosen by Accept-Encoding.
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (file, c) => {
        if (file.endsWith('.html')) c.header('Cache-Control', 'no-cache');
      },
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
