// @ts-check
// Plain JavaScript, not TypeScript: `npm start` runs it with bare Node, before anything is built,
// without loading a TypeScript loader (tsx took 1-3 s of every start). Types: build-fingerprint.d.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What `npm run build` reads: the sources of both web apps and the server, the build's own
 * configuration and the lock file. A change to any of them changes the fingerprint.
 */
export const BUILD_INPUTS = [
  'web',
  'server',
  'contracts',
  'domain',
  'scripts/build-server.ts',
  'scripts/precompress.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Where the fingerprint of the build in dist/ is kept. */
export const FINGERPRINT_FILE = 'dist/.build-fingerprint';

/** The files a build needs to find in dist/ for the fingerprint to be trusted. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/web/index.html', 'dist/web/office/index.html'];

/** @type {(root: string, entry: string) => string[]} */
const listFiles = (root, entry) => {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((child) => child.name !== 'node_modules')
    .flatMap((child) => listFiles(root, path.join(entry, child.name)));
};

/**
 * SHA-256 over every input file's path and bytes, in a fixed order (file contents, not times).
 * @param {string} root
 * @returns {string}
 */
export function buildFingerprint(root) {
  const hash = crypto.createHash('sha256');
  const files = BUILD_INPUTS.flatMap((entry) => listFiles(root, entry)).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * True when dist/ holds a complete build made from exactly these sources.
 * @param {string} root
 * @param {string} fingerprint
 * @returns {boolean}
 */
export function buildIsCurrent(root, fingerprint) {
  const file = path.join(root, FINGERPRINT_FILE);
  if (!BUILD_OUTPUTS.every((output) => fs.existsSync(path.join(root, output)))) return false;
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === fingerprint;
}
