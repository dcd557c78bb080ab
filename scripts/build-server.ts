import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

/**
 * Compiles the server (server/, contracts/, domain/) and the packages it imports into one JavaScript
 * module, dist/server/main.js, so `npm start` runs plain Node with no TypeScript compiler loaded at
 * start, and loads one file instead of about 1,200 (Node's resolution, reading and compiling of each
 * module was 2-5 s of a start at load average 10; decision 248). esbuild rather than tsc: our imports
 * name no file extension (moduleResolution "bundler"), which Node's own ESM loader would refuse; types
 * are checked by `npm run typecheck`.
 *
 * Left in node_modules (imported at run time): packages that read files beside themselves (PGlite's
 * WebAssembly, file-system bundle and extensions), native ones (sharp), the HEIC decoder (loaded by
 * path in a worker), pg's optional native binding, and what jsPDF imports only to render HTML in a
 * browser (never on the server). The bundle's CommonJS packages get a `require` made for the bundle's
 * path, so their `require('node:…')` works in an ES module.
 *
 * Whitespace and syntax are minified (a smaller file to read and parse); names are kept, and the
 * source map (without the sources' text) maps stack traces to the TypeScript files.
 * The database's current SQL (server/platform/db/sql/*.sql, read by sql-files.ts next to the module
 * that runs) is copied beside the bundle, to dist/server/sql/.
 *
 *   node --import tsx scripts/build-server.ts [--outdir dist/server]
 */
const SERVER_EXTERNAL_PACKAGES = [
  '@electric-sql/pglite',
  'sharp',
  'heic-decode',
  'pg-native',
  'html2canvas',
  'canvg',
  'dompurify',
  'core-js',
];

const { outdir } = parseArgs({ options: { outdir: { type: 'string', default: path.join('dist', 'server') } } }).values;
const started = Date.now();
await build({
  entryPoints: ['server/main.ts'],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: SERVER_EXTERNAL_PACKAGES,
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
});
fs.rmSync(path.join(outdir, 'sql'), { recursive: true, force: true });
fs.cpSync('server/platform/db/sql', path.join(outdir, 'sql'), { recursive: true });
console.log(`server compiled to ${path.join(outdir, 'main.js')} in ${Date.now() - started} ms`);
