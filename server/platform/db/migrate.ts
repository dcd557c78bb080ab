import crypto from 'node:crypto';
import { sql, type Kysely, type Migration, Migrator } from 'kysely';
import { getSchema } from 'better-auth/db';
import { getMigrations } from 'better-auth/db/migration';
import type { BetterAuthOptions } from 'better-auth';
import { migrations } from './migrations';
import type { Database } from './schema';

/** An arbitrary constant: the advisory lock that makes concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_313_001;

/** The table Kysely's migrator records applied migrations in; its comment holds the schema marker. */
const MIGRATION_TABLE = 'kysely_migration';
const MARKER_PREFIX = 'portal-schema-v1:';

/**
 * What a complete migration check depends on: the names of our migrations (Kysely runs a migration
 * whose name it has not recorded; it never looks at what an applied one does) and the schema Better
 * Auth expects (its tables, columns and indexes as its options define them). Equal markers mean a
 * check of this very list against this very schema already completed on the database.
 */
export function schemaMarker(authOptions: BetterAuthOptions, list: Record<string, Migration>): string {
  const hash = crypto.createHash('sha256');
  hash.update(JSON.stringify(Object.keys(list).sort()));
  hash.update('\0');
  hash.update(JSON.stringify(getSchema(authOptions)));
  return `${MARKER_PREFIX}${hash.digest('hex')}`;
}

/** The marker the last complete check wrote, or null (a new database, or one no check has marked). */
async function readMarker(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{ marker: string | null }>`
    SELECT obj_description(to_regclass(${MIGRATION_TABLE}), 'pg_class') AS marker`.execute(db);
  return rows[0]?.marker ?? null;
}

/**
 * Runs Better Auth's migrations and then ours, in order, holding an advisory lock on one connection
 * so two servers starting together on one PostgreSQL do not race.
 *
 * A start whose migration list and Better Auth schema are those of the last complete check skips
 * both checks (one catalog read instead of Better Auth's introspection of every table and Kysely's
 * migrator: 1-3 s of an embedded start): the check writes its marker (schemaMarker) as the comment
 * of Kysely's migration table once both migrators succeeded. A new migration, a changed Better Auth
 * schema or a database restored from an older backup (whose table carries the older marker) runs the
 * full check (decision 250). `force` runs it whatever the marker says.
 *
 * A migration whose name sorts below one a database already ran is run too, after the others
 * (allowUnorderedMigrations), instead of refusing to start that database ("corrupted migrations"):
 * two branches that each took the next number no longer break a database that ran the other's.
 * New migrations still take the next number (migrations/migrations.test.ts), so every database runs
 * them in the same order. `list` is for tests.
 *
 * Resolves to 'checked' when the migrators ran, 'skipped' when the marker matched.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  authOptions: (db: Kysely<Database>) => BetterAuthOptions,
  list: Record<string, Migration> = migrations,
  { force = false }: { force?: boolean } = {},
): Promise<'checked' | 'skipped'> {
  const marker = schemaMarker(authOptions(db), list);
  if (!force && (await readMarker(db)) === marker) return 'skipped';
  return db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      // Another server may have completed the same check while this one waited for the lock.
      if (!force && (await readMarker(conn)) === marker) return 'skipped';
      const auth = await getMigrations(authOptions(conn));
      await auth.runMigrations();
      const migrator = new Migrator({
        db: conn,
        provider: { getMigrations: async () => list },
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      const failed = results?.find((r) => r.status === 'Error');
      if (error || failed) {
        throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
      }
      await writeMarker(conn, marker);
      return 'checked';
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}

/**
 * The marker is only a shortcut: a role that may not comment on the table (not its owner) leaves it
 * unwritten, and every start then runs the full check as before.
 */
async function writeMarker(db: Kysely<Database>, marker: string): Promise<void> {
  try {
    await sql`COMMENT ON TABLE ${sql.table(MIGRATION_TABLE)} IS ${sql.lit(marker)}`.execute(db);
  } catch {
    // Not the table's owner: nothing is marked, nothing is skipped.
  }
}
