import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress';

/**
 * `npm run dev`: /office and every page under it get the office's page (web/office/index.html), as the
 * built server does (server/platform/http/static-site.ts); Vite's own fallback would give the customer's.
 */
const officePagesInDev = (): Plugin => ({
  name: 'office-pages-in-dev',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const [pathname = '', query] = (req.url ?? '').split('?');
      const officePage = pathname === '/office' || (pathname.startsWith('/office/') && !/\.\w+$/.test(pathname));
      if (officePage && req.headers.accept?.includes('text/html')) req.url = `/office/index.html${query ? `?${query}` : ''}`;
      next();
    });
  },
});

/** What every page needs before it shows anything: one chunk, gzipped as one (smaller than in pieces). */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|use-sync-external-store|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: {
    // React Router's package exports only its development build (dev-only warnings and checks); the
    // production build of the same version sits beside it (remix-run/react-router#12532).
    alias:
      command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
          ]
        : [],
  },
  plugins: [react(), precompress(), officePagesInDev()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill chunk.
    modulePreload: { polyfill: false },
    // Two pages, two bundles: the customer's (index.html) and the office's (office/index.html). No
    // office code reaches a customer's browser; scripts/check-bundle.ts checks it.
    rollupOptions: {
      input: {
        customer: fileURLToPath(new URL('web/index.html', import.meta.url)),
        office: fileURLToPath(new URL('web/office/index.html', import.meta.url)),
      },
      output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK, tags: ['$initial'] }] } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
