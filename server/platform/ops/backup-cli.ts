import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { DataDirLockedError, lockDataDir } from '../db/lock';
import { dumpToFile, opsTokenFile, pgdataOf, restoreFromFile } from './backup';

export class OpsError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'OpsError';
  }
}

const PG_DUMP_HINT =
  'DATABASE_URL points at a PostgreSQL server: back it up with its own tools, e.g.\n' +
  '  pg_dump --format=custom --file=portal.dump "$DATABASE_URL"\n' +
  '  pg_restore --clean --if-exists --dbname="$DATABASE_URL" portal.dump';

/** Takes the data-directory lock at once, or says the server holds it. */
async function lockNow(dataDir: string) {
  try {
    return await lockDataDir(dataDir, { retries: 0 });
  } catch (err) {
    if (err instanceof DataDirLockedError) return undefined;
    throw err;
  }
}

/** `npm run backup [FILE]`: through the running server, or straight from the files when it is stopped. */
export async function backup(config: Config, file: string): Promise<{ bytes: number; via: 'server' | 'files' }> {
  if (config.databaseUrl) throw new OpsError(PG_DUMP_HINT, 2);
  if (!fs.existsSync(pgdataOf(config.dataDir))) throw new OpsError(`There is no database in ${path.resolve(config.dataDir)} yet.`, 66);
  const unlock = await lockNow(config.dataDir);
  if (!unlock) return { bytes: await backupThroughServer(config, file), via: 'server' };
  try {
    const pglite = new PGlite(pgdataOf(config.dataDir));
    await pglite.waitReady;
    try {
      return { bytes: await dumpToFile(pglite, file), via: 'files' };
    } finally {
      await pglite.close();
    }
  } finally {
    await unlock();
  }
}

async function backupThroughServer(config: Config, file: string): Promise<number> {
  const token = fs.existsSync(opsTokenFile(config.dataDir)) ? fs.readFileSync(opsTokenFile(config.dataDir), 'utf8').trim() : '';
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}/api/ops/backup`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  } catch (err) {
    throw new OpsError(
      `A portal server holds ${path.resolve(config.dataDir)} but did not answer at ${url} (${(err as Error).message}). Run the backup with the server's PORT and HOST, or stop the server first.`,
      75,
    );
  }
  if (!res.ok)
    throw new OpsError(
      `The running server refused the backup (${res.status}). Run the backup with the server's DATA_DIR, PORT and HOST, or stop the server first.`,
      75,
    );
  const bytes = Buffer.from(await res.arrayBuffer());
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(`${file}.partial`, bytes);
  fs.renameSync(`${file}.partial`, file);
  return bytes.length;
}

/** `npm run restore FILE`: only while no server uses DATA_DIR. */
export async function restore(config: Config, file: string) {
  if (config.databaseUrl) throw new OpsError(PG_DUMP_HINT, 2);
  if (!fs.existsSync(file)) throw new OpsError(`No backup file at ${file}.`, 66);
  const unlock = await lockNow(config.dataDir);
  if (!unlock)
    throw new OpsError(`A portal server is running on ${path.resolve(config.dataDir)}. Stop it, then run the restore again.`, 75);
  try {
    return await restoreFromFile(file, config.dataDir);
  } finally {
    await unlock();
  }
}
