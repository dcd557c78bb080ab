import { sql, type Kysely, type Migration, Migrator } from 'kysely';
import { getMigrations } from 'better-auth/db/migration';
import type { BetterAuthOptions } from 'better-auth';
import { migrations } from './migrations';
import type { Database } from './schema';

/** An arbitrary constant: the advisory lock that makes concurrent starts migrate one at a time. */
const MIGRATION_LOCK_KEY = 72_313_001;

/**
 * Runs Better Auth's migrations and then ours, in order, holding an advisory lock on one connection
 * so two servers starting together on one PostgreSQL do not race.
 *
 * A migration whose name sorts below one a database already ran is run too, after the others
 * (allowUnorderedMigrations), instead of refusing to start that database ("corrupted migrations"):
 * two branches that each took the next number no longer break a database that ran the other's.
 * New migrations still take the next number (migrations/migrations.test.ts), so every database runs
 * them in the same order. `list` is for tests.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  authOptions: (db: Kysely<Database>) => BetterAuthOptions,
  list: Record<string, Migration> = migrations,
): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
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
    } finally {
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
