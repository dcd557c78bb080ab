import type { Kysely } from 'kysely';
import { applySqlStep } from '../sql-files';

/**
 * From here on the current definition of every function, trigger, policy and grant is in
 * server/platform/db/sql/ (one file per concern), and this applies them all. It changes nothing a
 * database does: the files hold what migrations 003-080 left, written once (schema.sql, the dump of a
 * migrated database, is the same before and after). A later change is an edit of a file plus the next
 * migration listing it in sqlSteps (sql-files.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await applySqlStep(db, '081_current_sql');
}
