import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
// With its extension: Vite's coming native config loader resolves no extensionless relative import.
import { precompress } from './scripts/precompress.ts';
import { screenPreloads } from './scripts/screen-preloads.ts';

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
 * phone on a slow network pays a round trip for each batch of six. A module only one feature folder
 * reaches (its screens, its data, its contract) goes into that feature's chunk (`customer-dashboard`);
 * what several reach, or the frame and the English texts of the signed-in screens (loaded by import()),
 * into `{app}-signed-in`; but what only the record screens share (several features, neither the frame
 * nor the landing screen: the quotes' and work orders' contracts, their pickers) into `{app}-records`,
 * which the landing screen (the dashboard, the office's Inbox) does not load or evaluate (decision
 * 293). Left to Rolldown's own splitting: the first page's modules (above), the sign-in pages' own,
 * the PDF builders and jsPDF (first click), the Spanish texts, Better Auth's client.
 */
const LATER =
  /[\\/](node_modules[\\/](jspdf|html2canvas|dompurify|canvg|core-js|fflate|better-auth|@better-auth|uqr)[\\/]|web[\\/]shared[\\/](pdf[\\/](?!index\.ts|quote-figures\.ts)|auth[\\/])|web[\\/]\w+[\\/]features[\\/]auth[\\/]|web[\\/]customer[\\/]lib[\\/]auth-client|web[\\/]\w+[\\/]i18n[\\/](spanish|locales[\\/]es))/;
const OURS = /[\\/](web|contracts|domain)[\\/]|[\\/]node_modules[\\/](zod|@tanstack)[\\/]/;

export function signedInChunk(app: string, landing: string) {
  const featureOf = (id: string) => new RegExp(`[\\\\/]web[\\\\/]${app}[\\\\/]features[\\\\/]([\\w-]+)[\\\\/]`).exec(id)?.[1];
  const owners = new Map<string, Set<string>>();
  /** The feature folders that reach a module through static imports ('shared' when import() loads it). */
  const ownersOf = (id: string, ctx: ChunkingContext, seen = new Set<string>()): Set<string> => {
    const known = owners.get(id);
    if (known) return known;
    const feature = featureOf(id);
    if (feature) return new Set([feature]);
    const info = ctx.getModuleInfo(id);
    const found = new Set<string>(info?.dynamicImporters.length ? ['shared'] : []);
    seen.add(id);
    for (const importer of info?.importers ?? []) if (!seen.has(importer)) for (const o of ownersOf(importer, ctx, seen)) found.add(o);
    if (seen.size === 1) owners.set(id, found);
    seen.delete(id);
    return found;
  };
  return (id: string, ctx: ChunkingContext): string | null => {
    if (!FIRST_PAGE(id) || !OURS.test(id) || LATER.test(id)) return null;
    const found = ownersOf(id, ctx);
    if (found.has('auth') && found.size === 1) return null;
    if (found.size === 1 && !found.has('shared')) return `${app}-${[...found][0]}`;
    // The sign-up and password pages share a rule or two with the record screens (account-limits.ts):
    // those stay in the signed-in chunk, so those pages never load the records'.
    return found.has('shared') || found.has(landing) || found.has('auth') ? `${app}-signed-in` : `${app}-records`;
  };
}
/** The screen an app opens on after sign-in: its page evaluates only what the frame and that screen need. */
const LANDING = { customer: 'dashboard', office: 'inbox' } as const;
const chunkGroups = (app: 'customer' | 'office') => [
  { name: `${app}-first-page`, test: FIRST_PAGE, tags: ['$initial' as const] },
  // Its name is a function (the chunk a module goes to); debugName labels the group in the bundler's timing report
  // (without it, rolldown prints a notice at every build).
  { name: signedInChunk(app, LANDING[app]), debugName: `${app}-signed-in`, includeDependenciesRecursively: false },
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
  plugins: [appsOnPreact(), react(), precompress(), officePagesInDev(), screenPreloads()],
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
          output: { codeSplitting: { groups: chunkGroups('customer') } },
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
            output: { codeSplitting: { groups: chunkGroups('office') } },
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
