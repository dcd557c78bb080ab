import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/** A database handle or a transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The owner filter of every customer query: the e-mail column compared as lower(email), so the
 * lower(email) indexes serve it. Row-level security (withCustomerScope below) enforces the same rule again.
 */
export const ownedBy = (email: string, column: 'email' | 'quotes.email' = 'email') =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;

/**
 * Runs `work` in a transaction as the role portal_customer with portal.email set to the signed-in
 * e-mail: row-level security (migration 003) then hides every other customer's rows, whatever the
 * query says. Both settings are transaction-local, so a pooled connection goes back clean.
 */
export function withCustomerScope<T>(db: Kysely<Database>, email: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('portal.email', ${email.toLowerCase()}, true), set_config('role', 'portal_customer', true)`.execute(trx);
    return work(trx);
  });
}
