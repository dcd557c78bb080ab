// @ts-check
/* global process, console */
// Plain JavaScript, run by bare Node (see build-fingerprint.js). Types: build-if-stale.d.ts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFingerprint, buildIsCurrent, FINGERPRINT_FILE } from './build-fingerprint.js';

/**
 * First half of `npm start`: builds only when the sources or the lock file changed since the build
 * in dist/ was made, so a second start serves at once. The fingerprint is written after a build
 * succeeds, never before: an interrupted build is made again on the next start. A failed build ends
 * the process with the build's exit code.
 * @param {string} root
 */
export function buildIfStale(root) {
  const fingerprint = buildFingerprint(root);
  if (buildIsCurrent(root, fingerprint)) {
    console.log(`build is up to date (${fingerprint.slice(0, 12)}): starting without rebuilding`);
    return;
  }
  fs.rmSync(path.join(root, FINGERPRINT_FILE), { force: true });
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) {
    console.error(`npm run build failed (exit ${build.status ?? build.signal}); not starting`);
    process.exit(build.status ?? 1);
  }
  fs.writeFileSync(path.join(root, FINGERPRINT_FILE), `${fingerprint}\n`);
}

// `node scripts/start/build-if-stale.js` builds if needed and serves nothing (start.js does both).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildIfStale(process.cwd());
