import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';

/**
 * Serves the built single-page app (dist/web). Hashed assets are cached for a year; every other
 * non-API path gets index.html so the client router can show the screen (or its 404 page).
 */
export function mountStaticSite<E extends Env>(app: Hono<E>, webRoot: string): boolean {
  const indexFile = path.join(webRoot, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const root = path.relative(process.cwd(), webRoot) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (file, c) => {
        if (file.endsWith('.html')) c.header('Cache-Control', 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return true;
}
