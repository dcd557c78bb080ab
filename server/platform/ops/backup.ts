import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of the embedded database (PGlite in DATA_DIR/pgdata). A dump is a gzip'd tar of the data
 * directory taken while no query runs (PGlite serialises it with its queries), WAL included, so it
 * is consistent: restoring it is a clean start or, at worst, PostgreSQL's own crash recovery.
 * On a PostgreSQL server, use pg_dump (README).
 */
export const pgdataOf = (dataDir: string) => path.join(path.resolve(dataDir), 'pgdata');
export const opsTokenFile = (dataDir: string) => path.join(path.resolve(dataDir), 'ops-token');

export async function dumpToFile(pglite: PGlite, file: string): Promise<number> {
  const dump = await pglite.dumpDataDir('gzip');
  const bytes = Buffer.from(await dump.arrayBuffer());
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(`${file}.partial`, bytes);
  fs.renameSync(`${file}.partial`, file); // a half-written backup never carries the final name
  return bytes.length;
}

/**
 * Puts a dump back into DATA_DIR (the caller holds the data-directory lock: no server runs). The
 * current database is kept beside it as pgdata.before-restore-<time>, never deleted.
 */
export async function restoreFromFile(file: string, dataDir: string): Promise<{ keptPrevious?: string }> {
  const dump = new Blob([fs.readFileSync(file)]);
  const target = pgdataOf(dataDir);
  let keptPrevious: string | undefined;
  if (fs.existsSync(target)) {
    keptPrevious = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(target, keptPrevious);
  }
  try {
    const restored = new PGlite(target, { loadDataDir: dump });
    await restored.waitReady;
    await restored.query('SELECT 1');
    await restored.close();
  } catch (err) {
    fs.rmSync(target, { recursive: true, force: true });
    if (keptPrevious) fs.renameSync(keptPrevious, target);
    throw new Error(`${file} is not a usable backup; the database was left as it was`, { cause: err });
  }
  return keptPrevious ? { keptPrevious } : {};
}

/**
 * The token a local `npm run backup` shows the running server: it lives in DATA_DIR (readable by
 * whoever may read the database files anyway), is new at every start, and never leaves the machine.
 */
export function writeOpsToken(dataDir: string): string {
  const token = crypto.randomBytes(32).toString('base64url');
  fs.mkdirSync(path.resolve(dataDir), { recursive: true });
  fs.writeFileSync(opsTokenFile(dataDir), `${token}\n`, { mode: 0o600 });
  return token;
}
