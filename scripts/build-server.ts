import { build } from 'esbuild';

/**
 * Compiles the server (server/, contracts/, domain/) into one JavaScript module,
 * dist/server/main.js, so `npm start` runs plain Node with no TypeScript compiler loaded at start.
 * Packages stay in node_modules (imported at run time); everything of ours, migrations included,
 * is in the bundle. esbuild rather than tsc: our imports name no file extension (moduleResolution
 * "bundler"), which Node's own ESM loader would refuse; types are checked by `npm run typecheck`.
 */
const started = Date.now();
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`server compiled to dist/server/main.js in ${Date.now() - started} ms`);
