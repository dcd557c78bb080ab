import fs from 'node:fs';
import { build } from 'esbuild';

/**
 * Compiles the server (server/, contracts/, domain/) into one JavaScript module,
 * dist/server/main.js, so `npm start` runs plain Node with no TypeScript compiler loaded at start.
 * Packages stay in node_modules (imported at run time); everything of ours, migrations included,
 * is in the bundle. esbuild rather than tsc: our imports name no file extension (moduleResolution
 * "bundler"), which Node's own ESM loader would refuse; types are checked by `npm run typecheck`.
 * The database's current SQL (server/platform/db/sql/*.sql, read by sql-files.ts next to the module
 * that runs) is copied beside the bundle, to dist/server/sql/.
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
fs.rmSync('dist/server/sql', { recursive: true, force: true });
fs.cpSync('server/platform/db/sql', 'dist/server/sql', { recursive: true });
console.log(`server compiled to dist/server/main.js in ${Date.now() - started} ms`);
