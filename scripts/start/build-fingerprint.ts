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
] as const;

/** Where the fingerprint of the build in dist/ is kept. */
export const FINGERPRINT_FILE = 'dist/.build-fingerprint';

/** The files a build needs to find in dist/ for the fingerprint to be trusted. */
const BUILD_OUTPUTS = ['dist/server/main.js', 'dist/web/index.html', 'dist/web/office/index.html'];

const listFiles = (root: string, entry: string): string[] => {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((child) => child.name !== 'node_modules')
    .flatMap((child) => listFiles(root, path.join(entry, child.name)));
};

/** SHA-256 over every input file's path and bytes, in a fixed order (file contents, not times). */
export function buildFingerprint(root: string): string {
  const hash = crypto.createHash('sha256');
  const files = BUILD_INPUTS.flatMap((entry) => listFiles(root, entry)).sort();
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when dist/ holds a complete build made from exactly these sources. */
export function buildIsCurrent(root: string, fingerprint: string): boolean {
  const file = path.join(root, FINGERPRINT_FILE);
  if (!BUILD_OUTPUTS.every((output) => fs.existsSync(path.join(root, output)))) return false;
  return fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === fingerprint;
}
