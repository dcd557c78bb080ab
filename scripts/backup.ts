import { loadConfig } from '../server/platform/config';
import { backup, OpsError } from '../server/platform/ops/backup-cli';

/** `npm run backup [-- FILE]`: a consistent copy of the embedded database, server running or not. */
const file = process.argv[2] ?? `backups/portal-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
try {
  const { bytes, via } = await backup(loadConfig(), file);
  console.log(
    `Backup written to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${via === 'server' ? 'through the running server' : 'from the data directory'}).`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(err instanceof OpsError ? err.exitCode : 1);
}
