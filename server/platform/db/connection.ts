import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { allowOneMessageReads, type PreparedStatement } from './customer-scope';
import { deferBegin, planChanged, resetDeferredBegin } from './deferred-begin';
import { lockDataDir } from './lock';
import { pgliteExtensions } from './pglite-extensions';
import { createPGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'embedded' | 'postgres';
  /** The embedded engine itself, when kind is 'embedded' (dumps, tests). */
  pglite?: PGlite;
  /** The PostgreSQL server's URL, when kind is 'postgres' (the session announcements' own connection). */
  url?: string;
  /** The PostgreSQL pool's counters, when kind is 'postgres' (metrics). */
  poolStats?: () => { totalCount: number; idleCount: number; waitingCount: number };
  close(): Promise<void>;
}

// bigint ids and counts fit in a JS number for this product; numeric stays a string (cents exact).
pg.types.setTypeParser(20, (v) => Number(v));

export async function openPostgres(url: string, max = 10): Promise<DatabaseHandle> {
  // Pipeline mode (decision 290): a query is written at once, not after the one before it is answered,
  // so the statements a transaction holds back travel with the prepared statement that reads an answer.
  // Every caller still waits for each answer before its next statement (Kysely runs a transaction's one by one).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000, pipeline: true });
  // A client that loses its server (restart, crash) emits 'error'. Unheard, that ends the process, and
  // the pool listens only while a client is idle: a client checked out for a transaction needs its own
  // listener. The request using it gets the error from its query (503); the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', (err) => process.stderr.write(`PostgreSQL connection lost: ${err.message}\n`));
    deferBegin(client);
  });
  pool.on('release', (_err, client) => resetDeferredBegin(client));
  // The pool re-emits an idle client's error; the client's own listener above has logged it.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // The client's query answers a message of several statements with the last one's result (deferred-begin.ts).
  // Not pool.query: that drops the connection after any failed statement, a refused read included.
  // Prepared statements live as long as their connection: each client remembers which it has.
  const prepared = new WeakMap<pg.PoolClient, Set<string>>();
  const prepare = async (client: pg.PoolClient, statement: PreparedStatement) => {
    let names = prepared.get(client);
    if (!names) prepared.set(client, (names = new Set()));
    if (names.has(statement.name)) return;
    await client.query(`PREPARE ${statement.name}${statement.types ? `(${statement.types.join(', ')})` : ''} AS ${statement.sql}`);
    names.add(statement.name);
  };
  allowOneMessageReads(db, async (text, statement) => {
    const client = await pool.connect();
    try {
      if (!statement) return await client.query(text);
      await prepare(client, statement);
      try {
        return await client.query(text);
      } catch (err) {
        // A kept statement whose result's columns changed under it (another instance's migration) is
        // refused on every connection that prepared it, at every call. The message failed as a whole
        // (one implicit transaction: nothing of it kept), so the statement is prepared again on this
        // connection and the message sent once more.
        if (!planChanged(err)) throw err;
        await client.query(`DEALLOCATE ${statement.name}`);
        prepared.get(client)?.delete(statement.name);
        await prepare(client, statement);
        return await client.query(text);
      }
    } finally {
      client.release();
    }
  });
  const poolStats = () => ({ totalCount: pool.totalCount, idleCount: pool.idleCount, waitingCount: pool.waitingCount });
  return { db, kind: 'postgres', url, poolStats, close: () => db.destroy() };
}

/**
 * How the embedded engine's PostgreSQL starts: PGlite's own parameters, with 16 MB of shared buffers
 * instead of the 128 MB initdb writes into postgresql.conf. PostgreSQL's start fills every shared
 * buffer in WebAssembly code that has not been optimised yet; at 128 MB that was the longest step of
 * opening an existing database (2.5 s of one function at load average 10; 0.4 s at 16 MB). A page
 * not in the shared buffers is read from the data directory's files, which the operating system
 * keeps cached (decision 249).
 */
export const embeddedStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Embedded PostgreSQL (PGlite) in dataDir, or in memory when dataDir is 'memory://'. */
export async function openEmbedded(dataDir: string): Promise<DatabaseHandle> {
  const inMemory = dataDir === 'memory://';
  const unlock = inMemory ? async () => {} : await lockDataDir(dataDir);
  const client = new PGlite(inMemory ? undefined : path.join(path.resolve(dataDir), 'pgdata'), {
    parsers: { 20: (v: string) => Number(v) },
    extensions: pgliteExtensions,
    startParams: embeddedStartParams,
  });
  await client.waitReady;
  const db = new Kysely<Database>({ dialect: createPGliteDialect(client) });
  return {
    db,
    kind: 'embedded',
    pglite: client,
    close: async () => {
      await db.destroy();
      await unlock();
    },
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openEmbedded(opts.dataDir);
}
