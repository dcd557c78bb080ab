import { profileHooks } from '../../profile-hooks';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../../../tests/support/database';
import { runTemplate } from '../../../tests/support/harness';
import { authOptions } from '../../auth/auth';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';
import { dumpSchema } from './schema-dump';
import type { Database } from './schema';
import { applySqlStep, sqlSteps } from './sql-files';

let handle: DatabaseHandle;
const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
const options = (db: DatabaseHandle['db']) =>
  authOptions(db, {
    config,
    secret: 'x'.repeat(32),
    logger: createLogger('silent'),
    profile: profileHooks(config, createLogger('silent'), 'x'.repeat(32)),
  });

beforeAll(async () => {
  handle = await freshTestDatabase(runTemplate());
  await migrateToLatest(handle.db, options);
});
afterAll(() => handle?.close());

describe('schema.sql', () => {
  it('is the schema the migrations make (run `npm run db:schema` and commit it when this fails)', async () => {
    const committed = fs.readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
    const now = await dumpSchema(handle.db);
    const [was, is] = [committed.split('\n'), now.split('\n')];
    const line = is.findIndex((text, i) => text !== was[i]);
    const where = line === -1 ? '' : ` (line ${line + 1}: ${JSON.stringify(was[line])} is now ${JSON.stringify(is[line])})`;
    expect(now === committed, `server/platform/db/schema.sql is stale${where}: run \`npm run db:schema\` and commit it`).toBe(true);
  });
});

describe('the current SQL', () => {
  it('applied again changes nothing (every file is re-runnable)', async () => {
    const before = await dumpSchema(handle.db);
    await handle.db.transaction().execute(async (trx) => {
      for (const migration of Object.keys(sqlSteps)) await applySqlStep<Database>(trx, migration);
    });
    expect(await dumpSchema(handle.db)).toBe(before);
  });
});

describe('a migration numbered into a gap', () => {
  it('still runs on a database that ran later ones, instead of refusing to start it', async () => {
    const gap = { up: async (db: DatabaseHandle['db']) => void (await sql`CREATE TABLE gap_filled (id int)`.execute(db)) };
    await migrateToLatest(handle.db, options, { ...migrations, '006_gap_filled': gap });
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = 'gap_filled'`.execute(handle.db);
    expect(rows[0]!.n).toBe(1);
  });
});
