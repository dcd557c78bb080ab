import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
// With its extension: Vite's coming native config loader resolves no extensionless relative import.
import { precompress } from './scripts/precompress.ts';

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

/**
 * What a page needs before it shows anything (its entry's static imports), in one chunk: gzipped as
 * one, it is smaller than in pieces. Not the entry module itself: the page's script tag names it.
 */
const FIRST_PAGE = (id: string) => !/\.html$|[\\/]main\.tsx$/.test(id);

/**
 * What a signed-in screen needs beyond the first page, in two chunks instead of 15-30 small ones
 * (issue 27 item 3, decision 257): the page is served over HTTP/1.1, six requests at a time, and a
 * phone on a slow network pays a round trip for each batch of six. `{app}-signed-in` holds what the
 * signed-in screens share (the frame, zod and the contracts, the shared components and the English
 * texts of the signed-in screens); each feature folder (the screen with its data) is one chunk of its
 * own. Left to Rolldown's own splitting: the sign-in pages' modules, the PDF builders and jsPDF (first
 * click), the Spanish texts, Better Auth's client (a form's first touch).
 */
const SIGNED_IN_LATER =
  /[\\/](node_modules[\\/](jspdf|html2canvas|dompurify|canvg|core-js|fflate|better-auth|@better-auth|uqr)[\\/]|web[\\/]shared[\\/]pdf[\\/](?!index\.ts)|web[\\/]shared[\\/]auth[\\/]|web[\\/](customer|office)[\\/]features[\\/]auth[\\/]|web[\\/]customer[\\/]lib[\\/]auth-client|web[\\/]customer[\\/]i18n[\\/](spanish|locales[\\/]es)|web[\\/]office[\\/]i18n[\\/](spanish|locales[\\/]es))/;
const SIGNED_IN_SHARED = /[\\/](web|contracts|domain)[\\/]|[\\/]node_modules[\\/](zod|@tanstack)[\\/]/;
const featureOf = (app: string, id: string) => new RegExp(`[\\\\/]web[\\\\/]${app}[\\\\/]features[\\\\/]([\\w-]+)[\\\\/]`).exec(id)?.[1];
const signedInGroups = (app: 'customer' | 'office') => [
  { name: `${app}-first-page`, test: FIRST_PAGE, tags: ['$initial' as const] },
  {
    name: `${app}-signed-in`,
    test: (id: string) => FIRST_PAGE(id) && SIGNED_IN_SHARED.test(id) && !SIGNED_IN_LATER.test(id) && featureOf(app, id) === undefined,
  },
  {
    name: (id: string) => {
      const feature = featureOf(app, id);
      return feature && feature !== 'auth' ? `${app}-${feature}` : null;
    },
    test: (id: string) => !SIGNED_IN_LATER.test(id),
  },
];

/**
 * Both builds run on Preact through preact/compat (about 10 kB gzip instead of React DOM's 66 kB on
 * the first page; docs/performance.md "Speed"): the customer's ('client') since issue 13, the office's
 * since issue 27 (decision 231). Also used by both apps' unit tests (vitest.config.ts), so they test what ships.
 */
export const PREACT_COMPAT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

const appsOnPreact = (): Plugin => ({
  name: 'apps-on-preact',
  apply: 'build',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client' || environment.name === 'office',
  async resolveId(source, importer, options) {
    const target = PREACT_COMPAT[source];
    if (!target) return null;
    const resolved = await this.resolve(target, importer, { ...options, skipSelf: true });
    // Never fall back to React quietly (e.g. node_modules installed before preact joined package.json).
    if (!resolved) this.error(`Cannot resolve ${target} for the web build: run npm ci.`);
    return resolved;
  },
});

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: {
    alias:
      command === 'build'
        ? [
            // React Router's package exports only its development build (dev-only warnings and checks);
            // the production build of the same version sits beside it (remix-run/react-router#12532).
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
            // react-i18next reads useSyncExternalStore through the shim for React 17; React 19 has it
            // (the shim would hand it over too, after carrying its own copy to the first page).
            { find: /^use-sync-external-store\/shim$/, replacement: 'react' },
          ]
        : [],
  },
  plugins: [appsOnPreact(), react(), precompress(), officePagesInDev()],
  build: {
    outDir: '../dist/web',
    sourcemap: true,
    manifest: true,
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill chunk.
    modulePreload: { polyfill: false },
    rollupOptions: {
      onwarn(warning, warn) {
        // React Router reads React.useOptimistic when the renderer has it and falls back when not
        // (preact/compat has none): the build's "will always be undefined" is that fallback, expected.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  // Two pages, two builds into dist/web: the customer's (index.html) and the office's
  // (office/index.html). Built apart, they share no chunk: no office code, and no library code only
  // the office uses, can reach a customer's browser (scripts/check-bundle.ts checks it), and the
  // customer's first page is one chunk (gzipped as one: smaller than in pieces).
  environments: {
    client: {
      build: {
        emptyOutDir: true,
        rollupOptions: {
          input: { customer: fileURLToPath(new URL('web/index.html', import.meta.url)) },
          output: { codeSplitting: { groups: signedInGroups('customer') } },
        },
      },
    },
    ...(command === 'build' && {
      office: {
        consumer: 'client' as const,
        build: {
          emptyOutDir: false,
          manifest: '.vite/office-manifest.json',
          // Its first page (the sign-in client with it) is one chunk of about 300 kB minified.
          chunkSizeWarningLimit: 400,
          rollupOptions: {
            input: { office: fileURLToPath(new URL('web/office/index.html', import.meta.url)) },
            output: { codeSplitting: { groups: signedInGroups('office') } },
          },
        },
      },
    }),
  },
  builder: {
    // The customer's first (it empties dist/web), then the office's beside it.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.office!);
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
