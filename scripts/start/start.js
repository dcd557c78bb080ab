// @ts-check
/* global process */
// `npm start`: plain JavaScript run by bare Node, so nothing but the built server is loaded at start.
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.js';

/**
 * Builds when the sources changed (build-if-stale.js), then runs the built server in this same
 * process: one Node start instead of two. Stack traces name the TypeScript sources, as with
 * `node --enable-source-maps dist/server/main.js`.
 */
const root = process.cwd();
buildIfStale(root);
process.setSourceMapsEnabled(true);
// Node 22.1 and later keep V8's compiled code of the bundle between starts (absent on Node 20: nothing).
/** @type {{ enableCompileCache?: () => unknown }} */ (module).enableCompileCache?.();
await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
