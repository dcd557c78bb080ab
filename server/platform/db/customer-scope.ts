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
 *
 * The settings statement carries the e-mail as a quoted literal, not a parameter: a statement
 * without parameters goes out with the transaction's BEGIN in one round trip (deferred-begin.ts).
 * Quoting doubles single quotes, which is exact with standard_conforming_strings (on since
 * PostgreSQL 9.1); an address with a backslash or NUL (never a valid e-mail) is sent as a parameter.
 */
export function withCustomerScope<T>(db: Kysely<Database>, email: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const owner = email.toLowerCase();
  const value = /[\\\0]/.test(owner) ? sql`${owner}` : sql.lit(owner);
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('portal.email', ${value}, true), set_config('role', 'portal_customer', true)`.execute(trx);
    return work(trx);
  });
}
