import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema';

/** A database handle or a transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The owner filter of every customer query: the e-mail column compared as lower(email), so the
 * lower(email) indexes serve it. Row-level security (customer-scope.ts) enforces the same rule again.
 */
export const ownedBy = (email: string, column: 'email' | 'quotes.email' = 'email') =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;
