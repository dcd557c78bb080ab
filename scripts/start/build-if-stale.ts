import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildFingerprint, buildIsCurrent, FINGERPRINT_FILE } from './build-fingerprint';

/**
 * First half of `npm start`: builds only when the sources or the lock file changed since the build
 * in dist/ was made, so a second start serves at once. The fingerprint is written after a build
 * succeeds, never before: an interrupted build is made again on the next start.
 */
const root = process.cwd();
const fingerprint = buildFingerprint(root);
if (buildIsCurrent(root, fingerprint)) {
  console.log(`build is up to date (${fingerprint.slice(0, 12)}): starting without rebuilding`);
} else {
  fs.rmSync(path.join(root, FINGERPRINT_FILE), { force: true });
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) {
    console.error(`npm run build failed (exit ${build.status ?? build.signal}); not starting`);
    process.exit(build.status ?? 1);
  }
  fs.writeFileSync(path.join(root, FINGERPRINT_FILE), `${fingerprint}\n`);
}
