import { APIError, createAuthMiddleware } from 'better-auth/api';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../logger';

/**
 * Per-account lockout for password sign-in, on top of the per-address rate limit: after
 * MAX_FAILURES wrong passwords for one e-mail within WINDOW_MINUTES, further attempts for that
 * e-mail are refused (429) until the window has passed. Guessing from many addresses gains nothing.
 */
export const MAX_FAILURES = 8;
export const WINDOW_MINUTES = 15;
const PATH = '/sign-in/email';

const emailOf = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const recent = sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;

export function signInThrottle(db: Kysely<Database>, logger: Logger) {
  const before = createAuthMiddleware(async (ctx) => {
    if (ctx.path !== PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const { failures } = await db
      .selectFrom('sign_in_failures')
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .where('email', '=', email)
      .where('failed_at', '>', recent)
      .executeTakeFirstOrThrow();
    if (Number(failures) >= MAX_FAILURES) {
      logger.warn('sign-in refused: account temporarily locked', { email });
      throw new APIError('TOO_MANY_REQUESTS', {
        code: 'ACCOUNT_LOCKED',
        message: `Too many failed sign-ins for this account. Try again in ${WINDOW_MINUTES} minutes.`,
      });
    }
  });

  /** Called from the after-hook: counts a wrong password, forgets the count on success. */
  const record = async (ctx: { path: string; body?: unknown; context: { returned?: unknown } }) => {
    if (ctx.path !== PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      if (returned.statusCode !== 401) return;
      await db.insertInto('sign_in_failures').values({ email }).execute();
      await db.deleteFrom('sign_in_failures').where('email', '=', email).where('failed_at', '<', recent).execute();
    } else {
      await db.deleteFrom('sign_in_failures').where('email', '=', email).execute();
    }
  };
  return { before, record };
}
