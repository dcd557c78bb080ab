import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchDatabase {
  /** For the server process: DATABASE_URL, or DATA_DIR for the embedded database. */
  env: { DATABASE_URL?: string; DATA_DIR: string };
  describe: string;
  drop(): Promise<void>;
}

/**
 * A scratch database next to the one given (so a benchmark never writes into real data), or the
 * embedded database in a temporary directory when there is no PostgreSQL server. Its name starts
 * with BENCH_DATABASE_PREFIX (portal_bench by default), for a server others share.
 */
export async function scratchDatabase(
  serverUrl: string | undefined,
  prefix = process.env.BENCH_DATABASE_PREFIX || 'portal_bench',
): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!serverUrl) {
    return {
      env: { DATA_DIR: dataDir },
      describe: 'embedded PGlite (no DATABASE_URL or TEST_DATABASE_URL)',
      drop: async () => removeDir(),
    };
  }
  if (!/^[a-z_][a-z0-9_]*$/.test(prefix)) throw new Error(`BENCH_DATABASE_PREFIX must be a plain lower-case name, not "${prefix}"`);
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query<{ v: string }>(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (err) {
    removeDir();
    throw new Error(
      `Could not create the scratch database ${name} on ${redact(serverUrl)} (the role needs CREATEDB): ${(err as Error).message}`,
    );
  }
  const version = (await admin('SHOW server_version').then((r) => r.rows[0] as unknown as { server_version: string })).server_version;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    describe: `PostgreSQL ${version} at ${url.host} (scratch database ${name})`,
    async drop() {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      removeDir();
    },
  };
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
