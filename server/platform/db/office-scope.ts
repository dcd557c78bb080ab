import { sql, type Kysely, type Transaction } from 'kysely';
import { deferrable } from './deferred-begin';
import { inlineParameters } from './inline-parameters';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction as the database role portal_office (migration 014) with
 * portal.actor set to the signed-in office account's e-mail: the role holds only what the office
 * API needs (no Better Auth secrets, audit_log append-only, nothing it could drop or alter), and the
 * status triggers name the actor in the history they write. Both settings are transaction-local,
 * so a pooled connection goes back clean. Like the customer's scope, the role guards against
 * mistakes in our own (parameterised) queries; it is not a sandbox for arbitrary SQL. The settings
 * (the e-mail written in as a quoted literal) wait for the transaction's first statement and go out
 * with it (deferred-begin.ts).
 */
export function withOfficeScope<T>(db: Kysely<Database>, actorEmail: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const settings = inlineParameters(
      sql`SELECT set_config('portal.actor', ${actorEmail.toLowerCase()}, true), set_config('role', 'portal_office', true)`.compile(trx),
    );
    // No answer is read: on PostgreSQL the settings wait for the transaction's first statement and go with it.
    await trx.executeQuery(settings.parameters.length ? settings : { ...settings, sql: deferrable(settings.sql) });
    return work(trx);
  });
}
