import { sql, type KyselyPlugin, type Migration } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../../../tests/support/database';
import { runTemplate } from '../../../tests/support/harness';
import { authOptions } from '../../auth/auth';
import { profileHooks } from '../../profile-hooks';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
const logger = createLogger('silent');
const options = (db: DatabaseHandle['db']) =>
  authOptions(db, { config, secret: 'x'.repeat(32), logger, profile: profileHooks(config, logger, 'x'.repeat(32)) });

/** Every statement sent through the database handle (the migrators' and Better Auth's introspection included). */
function countingQueries(handle: DatabaseHandle) {
  const seen: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.push(args.node.kind);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return { db: handle.db.withPlugin(plugin), seen };
}

const tableExists = async (handle: DatabaseHandle, name: string) =>
  (await sql<{ t: string | null }>`SELECT to_regclass(${name})::text AS t`.execute(handle.db)).rows[0]?.t === name;

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await freshTestDatabase(runTemplate());
});
afterEach(() => handle?.close());

describe('the migration check at start', () => {
  it('is skipped, one catalog read, when the migrations and Better Auth schema are those of the last complete check', async () => {
    expect(await migrateToLatest(handle.db, options, migrations, { force: true })).toBe('checked');
    const second = countingQueries(handle);
    expect(await migrateToLatest(second.db, options)).toBe('skipped');
    expect(second.seen).toHaveLength(1);

    const forced = countingQueries(handle);
    expect(await migrateToLatest(forced.db, options, migrations, { force: true })).toBe('checked');
    expect(forced.seen.length).toBeGreaterThan(5);
  });

  it('runs in full when the migration list changed (a new migration, or a database from an older list), then marks it', async () => {
    await migrateToLatest(handle.db, options, migrations, { force: true });
    const added: Migration = { up: async (db) => void (await sql`CREATE TABLE start_marker_probe (id int)`.execute(db)) };
    const longer = { ...migrations, '999_start_marker_probe': added };

    expect(await migrateToLatest(handle.db, options, longer)).toBe('checked');
    expect(await tableExists(handle, 'start_marker_probe')).toBe(true);
    expect(await migrateToLatest(handle.db, options, longer)).toBe('skipped');
    // The list checked before (a server of the previous version) no longer matches the marker either: its
    // check runs, and Kysely refuses a database that ran a migration the list does not have, as it always did.
    await expect(migrateToLatest(handle.db, options, migrations)).rejects.toThrow(/999_start_marker_probe is missing/);
  });

  it('marks nothing when a migration fails: the next start checks again', async () => {
    await migrateToLatest(handle.db, options, migrations, { force: true });
    const failing: Migration = { up: async (db) => void (await sql`SELECT * FROM no_such_table`.execute(db)) };
    const broken = { ...migrations, '999_fails': failing };

    await expect(migrateToLatest(handle.db, options, broken)).rejects.toThrow(/Migration 999_fails failed/);
    await expect(migrateToLatest(handle.db, options, broken)).rejects.toThrow(/Migration 999_fails failed/);
    // The marker is still the last complete check's.
    expect(await migrateToLatest(handle.db, options, migrations)).toBe('skipped');
  });

  it('runs in full when Better Auth expects another schema (a plugin or field added)', async () => {
    await migrateToLatest(handle.db, options, migrations, { force: true });
    const withField = (db: DatabaseHandle['db']) => {
      const base = options(db);
      const fields = { ...base.user?.additionalFields, startProbe: { type: 'string' as const, required: false } };
      return { ...base, user: { ...base.user, additionalFields: fields } };
    };
    expect(await migrateToLatest(handle.db, withField)).toBe('checked');
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'user' AND column_name = 'startProbe'`.execute(
      handle.db,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
