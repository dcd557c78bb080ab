import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The customer edits their own Full Name, Phone and Address from the Profile (issue 14.6). Only
 * those columns: the e-mail (ownership), the account number and the joined date stay the office's.
 * The customers_owner policy of migration 003 limits the update to the customer's own row and keeps
 * its e-mail theirs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `GRANT UPDATE (name, phone, address) ON customers TO portal_customer;`);
}
