import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';

/**
 * Every reset link mailed for an account stops working once its password changes, whether by one of
 * those links or from the Profile: a link left in an old e-mail must not undo the change.
 */
export async function forgetResetLinks(db: Kysely<Database>, userId: string): Promise<void> {
  await sql`DELETE FROM verification WHERE identifier LIKE 'reset-password:%' AND value = ${userId}`.execute(db);
}
