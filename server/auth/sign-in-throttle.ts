import { APIError } from 'better-auth/api';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';

/**
 * Per-account lockout for password sign-in, on top of Better Auth's per-address rate limit.
 * - MAX_PER_ADDRESS wrong passwords for one e-mail from one address within the window lock that
 *   address out of that account: one guesser cannot go on, and cannot lock the owner out from elsewhere.
 * - MAX_PER_ACCOUNT wrong passwords for one e-mail from anywhere lock the account for everyone:
 *   guessing spread over many addresses is capped too.
 * A successful sign-in or password reset clears the count.
 */
export const MAX_PER_ADDRESS = 8;
export const MAX_PER_ACCOUNT = 40;
export const WINDOW_MINUTES = 15;
const PATH = '/sign-in/email';

interface HookContext {
  path: string;
  body?: unknown;
  headers?: Headers;
  context: { returned?: unknown };
}

const emailOf = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const recent = () => sql<Date>`now() - make_interval(mins => ${WINDOW_MINUTES})`;

export function signInThrottle(db: Kysely<Database>, logger: Logger, addressHeader: string) {
  const addressOf = (ctx: HookContext) => ctx.headers?.get(addressHeader) ?? 'unknown';

  /** Before sign-in: refuse while the account (or this address for it) is locked. */
  const check = async (ctx: HookContext) => {
    if (ctx.path !== PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const address = addressOf(ctx);
    const { fromAddress, total } = await db
      .selectFrom('sign_in_failures')
      .select([
        sql<number>`count(*) FILTER (WHERE address = ${address})`.as('fromAddress'),
        sql<number>`count(*)`.as('total'),
      ])
      .where('email', '=', email)
      .where('failed_at', '>', recent())
      .executeTakeFirstOrThrow();
    if (Number(fromAddress) >= MAX_PER_ADDRESS || Number(total) >= MAX_PER_ACCOUNT) {
      logger.warn('sign-in refused: account temporarily locked', { email, address, fromAddress: Number(fromAddress), total: Number(total) });
      throw new APIError('TOO_MANY_REQUESTS', {
        code: 'ACCOUNT_LOCKED',
        message: `Too many failed sign-ins for this account. Try again in ${WINDOW_MINUTES} minutes.`,
      });
    }
  };

  /** After sign-in: count a wrong password (and prune old rows), forget the count on success. */
  const record = async (ctx: HookContext) => {
    if (ctx.path !== PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      if (returned.statusCode !== 401) return;
      await db.insertInto('sign_in_failures').values({ email, address: addressOf(ctx) }).execute();
      await db.deleteFrom('sign_in_failures').where('failed_at', '<', sql<Date>`now() - interval '1 day'`).execute();
    } else {
      await clear(email);
    }
  };

  const clear = async (email: string) => {
    await db.deleteFrom('sign_in_failures').where('email', '=', email.toLowerCase()).execute();
  };

  return { check, record, clear };
}
