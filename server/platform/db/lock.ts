import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * PGlite takes no lock of its own: two servers on one directory would silently lose writes.
 * We hold an exclusive lock on DATA_DIR for the life of the process. A lock left by a killed
 * process goes stale after a few seconds, so a restart after a crash still starts.
 */
export async function lockDataDir(dataDir: string, opts: { retries?: number } = {}): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.resolve(dataDir);
  try {
    return await lockfile.lock(target, {
      lockfilePath: path.join(target, 'portal.lock'),
      stale: 5_000,
      update: 1_000,
      retries: { retries: opts.retries ?? 6, minTimeout: 1_000, maxTimeout: 1_000, factor: 1 },
      onCompromised: (err) => {
        process.stderr.write(`The lock on ${target} was lost (${err.message}); stopping to protect the data.\n`);
        process.exit(70);
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `Another portal server is already using the data directory ${target}. ` +
          'Stop it first, or start this one with a different DATA_DIR.',
      );
    }
    throw err;
  }
}
