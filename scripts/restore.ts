import { loadConfig } from '../server/platform/config';
import { OpsError, restore } from '../server/platform/ops/backup-cli';

/** `npm run restore -- FILE`: puts a backup back into DATA_DIR (the server must be stopped). */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- FILE');
  process.exit(64);
}
try {
  const { keptPrevious } = await restore(loadConfig(), file);
  console.log(`Restored ${file}.${keptPrevious ? ` The database it replaced is kept in ${keptPrevious}.` : ''}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(err instanceof OpsError ? err.exitCode : 1);
}
