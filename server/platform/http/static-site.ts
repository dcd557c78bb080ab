import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Env, Hono } from 'hono';
import { chunkFilesPath, type ChunkFiles } from './chunk-files';
import { pagePreloads } from './page-preloads';

/** A path the apps' pages answer rather than a file: no file extension ('/', '/office', '/quotes/12'). */
const isPage = (p: string) => !/\.\w+$/.test(p);

/** Better Auth's session cookie, whichever app set it (portal.session_token, its __Secure- form, the office's). */
const SESSION_COOKIE = /(?:^|;)\s*[\w.-]*session_token=/;

/**
 * What a signed-in screen loads beyond the first page, by page, as page-preloads.ts makes it from the
 * build's chunks (decision 280): named in the page's answer, when the request carries a session
 * cookie, so the browser fetches it beside the first page instead of after that has run. None when
 * the build wrote no file.
 */
function readPreloads(webRoot: string, app: 'customer' | 'office'): { pattern: RegExp; links: (id: string) => string }[] {
  const file = path.join(webRoot, chunkFilesPath(app));
  if (!fs.existsSync(file)) return [];
  // A chunk SCREENS names that the build did not write is left out here; check:bundle fails on it.
  const { pages } = pagePreloads(app, JSON.parse(fs.readFileSync(file, 'utf8')) as ChunkFiles);
  return pages.map((page) => ({
    pattern: new RegExp(`^${page.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':id', '([1-9]\\d{0,14})')}/?$`),
    links: (id) =>
      [
        ...page.early.map((src) => `<script async fetchpriority="high" src="${src}"></script>`),
        ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
        ...page.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
        // crossorigin: the credentials mode of the app's fetch() (same-origin), so it takes these answers.
        ...page.data.map((href) => `<link rel="preload" as="fetch" crossorigin href="${href.replace(':id', id)}">`),
      ].join('\n    '),
  }));
}

/**
 * Serves the built single-page apps (dist/web). Hashed assets are cached for a year, other files a
 * day, pages not at all; every other
 * non-API path gets its app's page so the client router can show the screen (or its 404 page):
 * /office and below the office's (office/index.html), everything else the customer's (index.html).
 * Source maps and the build manifest are not served. A signed-in page's answer names the chunks its
 * screen will load (readPreloads).
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
  // other files have no hash in their names (robots.txt): a day (decision 232).
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
  const files = serveStatic({ root, precompressed: true });
  // A page's answer comes from the last handler (it may name the screen's chunks): not index.html as a file.
  app.use('*', (c, next) => (isPage(c.req.path) ? next() : files(c, next)));
  const preloads = { customer: readPreloads(webRoot, 'customer'), office: readPreloads(webRoot, 'office') };
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    const office = (c.req.path === '/office' || c.req.path.startsWith('/office/')) && fs.existsSync(officeFile);
    const html = fs.readFileSync(office ? officeFile : indexFile, 'utf8');
    const signedIn = SESSION_COOKIE.test(c.req.header('cookie') ?? '');
    const found = signedIn
      ? preloads[office ? 'office' : 'customer'].map((p) => ({ p, m: p.pattern.exec(c.req.path) })).find((f) => f.m)
      : undefined;
    // The answer depends on the session cookie (the preloads): a shared cache must not hand it to another person.
    c.header('Vary', 'Cookie', { append: true });
    return c.html(found ? html.replace('</head>', `${found.p.links(found.m![1] ?? '')}\n  </head>`) : html);
  });
  return true;
}
