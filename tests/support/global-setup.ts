import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from 'better-auth/crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { authOptions } from '../../server/auth/auth';
import { profileHooks } from '../../server/profile-hooks';
import { loadConfig } from '../../server/platform/config';
import { openPostgres, type DatabaseHandle } from '../../server/platform/db/connection';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { createLogger } from '../../server/platform/logger';
import { freshEmbeddedDatabase, testDatabaseKind } from './database';

const migrate = async (handle: DatabaseHandle) => {
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
  const [secret, logger] = ['x'.repeat(32), createLogger('silent')];
  await migrateToLatest(handle.db, (db) => authOptions(db, { config, secret, logger, profile: profileHooks(config, logger, secret) }));
};

/**
 * Migrates one database per run, so each API test file starts from a copy in well under a second
 * instead of running every migration again: on the embedded database a dump of it (loaded by each
 * file), on PostgreSQL a template database (CREATE DATABASE … TEMPLATE, tests/support/database.ts).
 */
export default async function setup(project: TestProject) {
  // The passwords the helpers give accounts (harness.ts signUp, office.ts OFFICE_PASSWORD), hashed once for the whole run.
  const passwords = ['correct-horse-battery', 'office-password-2026'];
  project.provide('passwordHashes', Object.fromEntries(await Promise.all(passwords.map(async (p) => [p, await hashPassword(p)]))));
  // The project's own env (vitest.config.ts: PORTAL_TEST_DB) reaches its workers, not this set-up, which runs in
  // vitest's main process: read it from the project's config (decision 199).
  if ((project.config.env?.PORTAL_TEST_DB ?? testDatabaseKind()) === 'postgres') return postgresTemplate(project);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'template.tar');
  const handle = await freshEmbeddedDatabase();
  await migrate(handle);
  // A checkpoint first, so a copy starts without replaying the migrations' log; a plain tar, not a
  // gzipped one, so each of the ~70 files that load it does not unzip 40 MB first (decision 197).
  await handle.pglite!.exec('CHECKPOINT');
  const dump = await handle.pglite!.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject) {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_template_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  // One connection, closed before any copy is made: PostgreSQL copies a template nobody is connected to.
  const handle = await openPostgres(url.toString(), 1);
  try {
    await migrate(handle);
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  // The template, and the copies the workers kept for their next files (tests/support/database.ts).
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const copies = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${name}\\_%`]);
      for (const { datname } of copies.rows) await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    } finally {
      await client.end();
    }
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
    passwordHashes: Record<string, string>;
  }
}
