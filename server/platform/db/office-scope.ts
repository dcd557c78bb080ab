import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import pg from 'pg';
import { oneMessageSend } from './customer-scope';
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

/**
 * One read as the office, in ONE round trip on PostgreSQL: the scope's settings and the query go out
 * as one simple-protocol message, which PostgreSQL runs as one implicit transaction (the
 * transaction-local settings end with it), each statement planned after the one before ran, so the
 * query runs as portal_office with portal.actor set, as in withOfficeScope. The query's values are
 * written into it as literals (inline-parameters.ts); one with a value that cannot be, and the
 * embedded database, take withOfficeScope's transaction instead: the same rows either way.
 */
export async function readInOfficeScope<Row>(db: Kysely<Database>, actorEmail: string, query: Compilable<Row>): Promise<Row[]> {
  const compiled = inlineParameters(query.compile());
  const send = oneMessageSend(db);
  const actor = actorEmail.toLowerCase();
  if (!send || compiled.parameters.length > 0 || actor.includes('\0')) {
    return withOfficeScope(db, actorEmail, async (trx) => (await trx.executeQuery(compiled)).rows);
  }
  const settings = `SELECT set_config('portal.actor', ${pg.escapeLiteral(actor)}, true), set_config('role', 'portal_office', true)`;
  return (await send(`${settings};\n${compiled.sql}`)).rows as Row[];
}
