import { sql } from 'kysely';
import { LimitReachedError } from '../../../domain/errors';
import { ownedBy, type Db } from './customer-scope';

/**
 * A customer may create at most `max` rows of a kind per hour: a signed-in account cannot flood the
 * office's inbox or the tables. Counted on the owner + time index of the table. Call it inside the
 * transaction that inserts: a transaction-scoped advisory lock on (table, owner) makes parallel
 * requests of one customer count one after another, so they cannot all pass the same count.
 */
export async function assertUnderHourlyLimit(
  db: Db,
  target: { table: 'quote_requests'; column: 'requested_at' } | { table: 'work_orders'; column: 'submitted_at' },
  email: string,
  max: number,
): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`hourly-limit:${target.table}:${email.toLowerCase()}`}, 0))`.execute(db);
  const { n } = await db
    .selectFrom(target.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(email))
    .where(sql.ref(target.column), '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) {
    throw new LimitReachedError('You have sent many requests in the last hour. Please try again later.');
  }
}

export interface HourlyLimits {
  revisionRequests: number;
  workOrders: number;
}
export const HOURLY_LIMITS: HourlyLimits = { revisionRequests: 20, workOrders: 30 };
