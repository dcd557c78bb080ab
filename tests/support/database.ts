import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../../server/platform/db/connection';
import { createPGliteDialect } from '../../server/platform/db/pglite-dialect';
import { pgliteExtensions } from '../../server/platform/db/pglite-extensions';
import type { Database } from '../../server/platform/db/schema';
import { emptyForReuse, rememberTemplate } from './database-reuse';

/** Which database the API tests run on: the embedded one, or PostgreSQL at TEST_DATABASE_URL. */
export const testDatabaseKind = (): 'embedded' | 'postgres' => (process.env.PORTAL_TEST_DB === 'postgres' ? 'postgres' : 'embedded');

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by close(): empty, or a copy of
 * `template` (a migrated database made once per run by global-setup: a copy takes a fraction of a second,
 * running every migration again takes seconds).
 */
export async function freshPostgresDatabase(template?: string): Promise<DatabaseHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The template's bytes, read once per worker (the API files share a worker's modules: isolate false). */
const templates = new Map<string, Blob>();
const templateBlob = (file: string): Blob | undefined => {
  if (!templates.has(file) && fs.existsSync(file)) templates.set(file, new Blob([fs.readFileSync(file)]));
  return templates.get(file);
};

/** Instances handed back by this worker's earlier files, emptied, per template (database-reuse.ts). */
const idle = new Map<string, PGlite[]>();

/**
 * An in-memory embedded database, started from the migrated template made by global-setup when there is
 * one. With a template, an instance an earlier file of this worker has closed is emptied and handed out
 * again instead of starting a new one (database-reuse.ts, decision 251).
 */
export async function freshEmbeddedDatabase(templateFile?: string): Promise<DatabaseHandle> {
  let client = templateFile ? idle.get(templateFile)?.pop() : undefined;
  if (!client) {
    const loadDataDir = templateFile ? templateBlob(templateFile) : undefined;
    client = new PGlite({ loadDataDir, parsers: { 20: (v: string) => Number(v) }, extensions: pgliteExtensions });
    await client.waitReady;
    if (templateFile) await rememberTemplate(client);
  }
  const instance = client;
  const db = new Kysely<Database>({ dialect: createPGliteDialect(instance) });
  const close = async () => {
    if (templateFile && (await emptyForReuse(instance))) {
      idle.set(templateFile, [...(idle.get(templateFile) ?? []), instance]);
      return;
    }
    await db.destroy();
  };
  return { db, kind: 'embedded', pglite: instance, close };
}

/** `template`: the embedded template's file, or on PostgreSQL the template database's name (global-setup). */
export function freshTestDatabase(template?: string): Promise<DatabaseHandle> {
  return testDatabaseKind() === 'postgres' ? freshPostgresDatabase(template) : freshEmbeddedDatabase(template);
}

/**
 * Makes `dataDir` hold a copy of the migrated template (global-setup's tar) as its embedded database
 * (DATA_DIR/pgdata), so a server started on it opens a migrated database instead of creating and
 * migrating one (seconds of a core). Without a template (outside the API projects) it does nothing and
 * the server creates the database as usual.
 */
export function seedEmbeddedDataDir(dataDir: string, templateFile: string | undefined): void {
  if (!templateFile || !fs.existsSync(templateFile)) return;
  const pgdata = path.join(dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  // The tar's names start with '/' (PGlite's dump); tar stores them under pgdata and says so on stderr.
  execFileSync('tar', ['-xf', templateFile, '-C', pgdata], { stdio: ['ignore', 'ignore', 'pipe'] });
}
