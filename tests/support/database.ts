import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import pg from 'pg';
import { embeddedStartParams, openPostgres, type DatabaseHandle } from '../../server/platform/db/connection';
import { createPGliteDialect } from '../../server/platform/db/pglite-dialect';
import { pgliteExtensions } from '../../server/platform/db/pglite-extensions';
import type { Database } from '../../server/platform/db/schema';
import { emptyForReuse, readTemplate, type Session, type Template } from './database-reuse';

/** Which database the API tests run on: the embedded one, or PostgreSQL at TEST_DATABASE_URL. */
export const testDatabaseKind = (): 'embedded' | 'postgres' => (process.env.PORTAL_TEST_DB === 'postgres' ? 'postgres' : 'embedded');

/** What emptying a copy of a template restores (database-reuse.ts), read once per worker and template. */
const templateContents = new Map<string, Promise<Template>>();
const contentsOf = (template: string, session: Session) => {
  if (!templateContents.has(template)) templateContents.set(template, readTemplate(session));
  return templateContents.get(template)!;
};

/** Databases handed back by this worker's earlier files, emptied, per template (database-reuse.ts, decision 251). */
const idlePostgres = new Map<string, string[]>();

/** A statement on database `name` of the TEST_DATABASE_URL server (the server's own database by default). */
async function onPostgres<T>(base: string, name: string | undefined, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(base);
  if (name) url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server, dropped by close(): empty, or a copy of
 * `template` (a migrated database made once per run by global-setup: a copy takes a fraction of a second,
 * running every migration again takes seconds). With a template, a copy an earlier file of this worker
 * has closed is emptied and handed out again instead of being dropped (decision 251).
 */
export async function freshPostgresDatabase(template?: string): Promise<DatabaseHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  let name = template ? idlePostgres.get(template)?.pop() : undefined;
  if (!name) {
    // A copy's name starts with its template's, so the run's end drops what it left (global-setup.ts).
    name = `${template ?? 'portal_test'}_${crypto.randomBytes(6).toString('hex')}`;
    await onPostgres(base, undefined, (admin) =>
      admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`),
    );
    if (template) await onPostgres(base, name, (client) => contentsOf(template, client));
  }
  const database = name;
  const url = new URL(base);
  url.pathname = `/${database}`;
  const handle = await openPostgres(url.toString(), 5);
  return {
    ...handle,
    async close() {
      await handle.close();
      if (template) {
        const contents = await templateContents.get(template)!;
        // A connection a test left behind holding a lock would make TRUNCATE wait: then the copy is dropped.
        const emptied = await onPostgres(base, database, async (client) => {
          await client.query("SET lock_timeout = '5s'");
          return emptyForReuse(client, contents);
        });
        if (emptied) {
          idlePostgres.set(template, [...(idlePostgres.get(template) ?? []), database]);
          return;
        }
      }
      await onPostgres(base, undefined, (admin) => admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
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
    // Production's start parameters (16 MB of shared buffers, decision 249): 0.2-0.3 s less CPU per open.
    client = new PGlite({
      loadDataDir,
      parsers: { 20: (v: string) => Number(v) },
      extensions: pgliteExtensions,
      startParams: embeddedStartParams,
    });
    await client.waitReady;
    if (templateFile) await contentsOf(templateFile, client);
  }
  const instance = client;
  const db = new Kysely<Database>({ dialect: createPGliteDialect(instance) });
  const close = async () => {
    if (templateFile && !instance.closed && (await emptyForReuse(instance, await templateContents.get(templateFile)!))) {
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
