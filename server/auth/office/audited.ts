import { getCurrentDBAdapterAsyncLocalStorage } from '@better-auth/core/context';
import { getAdapter } from 'better-auth/db/adapter';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Auth } from '../auth';

/**
 * Runs an owner's action on an account (a Better Auth call: ban, unban, set role, create user) and
 * its audit row in ONE database transaction, so the two cannot part: when Better Auth's call fails,
 * or the audit insert does, neither is kept.
 *
 * How: Better Auth reads and writes through the adapter of its "current transaction" (an
 * AsyncLocalStorage store, the mechanism of its own runWithTransaction; every internalAdapter call
 * asks getCurrentAdapter). Here that store holds a Better Auth adapter over our Kysely transaction,
 * marked active, so Better Auth joins our transaction instead of writing on its own connection.
 * This also works on the embedded database, whose single connection the transaction holds.
 * Work Better Auth queues for after its commit (queueAfterTransactionHook) runs after ours.
 *
 * What remains possible: the COMMIT itself failing after the work succeeded (the connection lost
 * at that moment): then nothing is kept and the owner sees an error, which is safe. Anything that
 * does not go through the database is not rolled back: an instance's session cache forgets a
 * suspended account's sessions on the database's NOTIFY, which PostgreSQL sends only at commit, so
 * a rolled-back suspension ends no session anywhere.
 */
export async function auditedAuthAction<T>(auth: Auth, db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const context = await auth.$context;
  // Better Auth compares its tables with the database once, at its first call, on the main connection:
  // done before the transaction takes the embedded database's only connection.
  await (context as { checkSchema?: () => Promise<unknown> | undefined }).checkSchema?.();
  const storage = await getCurrentDBAdapterAsyncLocalStorage();
  const afterCommit: Array<() => Promise<void>> = [];
  const result = await db.transaction().execute(async (trx) => {
    const adapter = await getAdapter({ ...context.options, database: { db: trx, type: 'postgres' } });
    return storage.run({ adapter, pendingHooks: afterCommit, isTransactionActive: true }, () => work(trx));
  });
  for (const hook of afterCommit) await hook();
  return result;
}
