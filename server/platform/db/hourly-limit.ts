import { CompiledQuery, sql, type Expression, type RawBuilder } from 'kysely';
import { LimitReachedError } from '../../../domain/errors';
import { ownedBy, type Db } from './customer-scope';
import { deferrableSelectList } from './deferred-begin';
import { literal } from './inline-parameters';

export type HourlyTarget = { table: 'quote_requests'; column: 'requested_at' } | { table: 'work_orders'; column: 'submitted_at' };

export const LIMIT_REACHED_MESSAGE = 'You have sent many requests in the last hour. Please try again later.';

/**
 * A customer may create at most `max` rows of a kind per hour: a signed-in account cannot flood the
 * office's inbox or the tables. Counted on the owner + time index of the table. Call it inside the
 * transaction that inserts: a transaction-scoped advisory lock on (table, owner) makes parallel
 * requests of one customer count one after another, so they cannot all pass the same count.
 */
export async function assertUnderHourlyLimit(db: Db, target: HourlyTarget, email: string, max: number): Promise<void> {
  await lockHourlyLimit(db, target, email);
  if (!(await underHourlyLimit(db, target, email, max))) throw new LimitReachedError(LIMIT_REACHED_MESSAGE);
}

/**
 * The limit's lock (see assertUnderHourlyLimit), held until the transaction ends. Its answer is not
 * read, so on PostgreSQL it travels with the transaction's next statement (deferred-begin.ts), in
 * the same SELECT as the customer scope's settings when it comes right after them: a statement sent
 * after it takes its snapshot once the lock is granted, so a count in that statement sees every row
 * of a request that held the lock before.
 */
export async function lockHourlyLimit(db: Db, target: HourlyTarget, email: string): Promise<void> {
  const written = hourlyLimitLock(target, email);
  await db.executeQuery(
    written === undefined
      ? CompiledQuery.raw(`SELECT ${lock('$1')}`, [lockKey(target, email)])
      : CompiledQuery.raw(deferrableSelectList(written)),
  );
}

const lockKey = (target: HourlyTarget, email: string) => `hourly-limit:${target.table}:${email.toLowerCase()}`;
const lock = (value: string) => `pg_advisory_xact_lock(hashtextextended(${value}, 0))`;

/**
 * The limit's lock as an expression of a select list, its key written in (no query built or compiled
 * per request), for a statement that takes it before the count; undefined when the key cannot be a literal.
 */
export function hourlyLimitLock(target: HourlyTarget, email: string): string | undefined {
  const written = literal(lockKey(target, email));
  return written === undefined ? undefined : lock(written);
}

/**
 * `(rows of the last hour) < max` as a condition, to be put in the statement that inserts (one round
 * trip for the count and the insert); take the lock first (lockHourlyLimit).
 */
export const hourlyCountBelow = (
  db: Db,
  target: HourlyTarget,
  email: string | Expression<string>,
  max: number | Expression<number>,
): RawBuilder<boolean> =>
  sql<boolean>`(${db
    .selectFrom(target.table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(email))
    .where(sql.ref(target.column), '>', sql<Date>`now() - interval '1 hour'`)}) < ${max}`;

/** Whether the customer is still under the limit (the lock taken first). */
export async function underHourlyLimit(db: Db, target: HourlyTarget, email: string, max: number): Promise<boolean> {
  const { ok } = await db.selectNoFrom(hourlyCountBelow(db, target, email, max).as('ok')).executeTakeFirstOrThrow();
  return ok;
}

export interface HourlyLimits {
  revisionRequests: number;
  workOrders: number;
}
export const HOURLY_LIMITS: HourlyLimits = { revisionRequests: 20, workOrders: 30 };
