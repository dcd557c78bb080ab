import { APIError } from 'better-auth/api';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';
import { sourceKey } from './source-key';

/**
 * Slows password guessing without handing strangers a way to lock an owner out.
 * - Per source (an IPv4 address or an IPv6 /64) and account: FREE_PER_SOURCE wrong passwords, then
 *   each further try waits a delay that doubles (BASE_DELAY_S, 2x, 4x ... up to MAX_DELAY_S).
 * - Per account, from sources that never signed in to it: FREE_PER_ACCOUNT wrong passwords together,
 *   then the same growing delay, so guessing spread over many addresses is capped too.
 * - A device (cookie) or source that has signed in to the account successfully is "trusted": the
 *   account-wide delay never applies to it, and its own failures do not count towards it.
 * - A device that has signed in to the account counts only its own failures, not those from its
 *   address: strangers behind the same NAT or IPv6 /64 cannot lock the owner's own browser out.
 * Failures are forgotten after a day; a success forgets that source's failures; a reset forgets all.
 * 'Email me a sign-in link' (issue 26.2) follows the same rules: asking for a link is refused while a
 * password sign-in would be (same source, same account), and signing in with a link is a success.
 */
export const FREE_PER_SOURCE = 5;
export const FREE_PER_ACCOUNT = 20;
export const BASE_DELAY_S = 30;
export const MAX_DELAY_S = 15 * 60;
const TRUST_DAYS = 180;
const PATH = '/sign-in/email';
const LINK_REQUEST_PATH = '/sign-in/magic-link';
const LINK_VERIFY_PATH = '/magic-link/verify';

/** Seconds to wait after the last of `failures` wrong passwords when `free` are allowed. */
function delayAfter(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(BASE_DELAY_S * 2 ** Math.min(failures - free, 20), MAX_DELAY_S);
}

interface HookContext {
  path: string;
  body?: unknown;
  headers?: Headers;
  context: { returned?: unknown; newSession?: { user?: { email?: unknown } } | null };
}

export interface ThrottleHeaders {
  /** Set by our HTTP layer from the socket (or a trusted proxy); clients cannot choose it. */
  address: string;
  /** Set by our HTTP layer from the device cookie (server/auth/device-cookie.ts). */
  device: string;
}

const emailOf = (body: unknown) => {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
};
const since = (interval: string) => sql<Date>`now() - ${interval}::interval`;

export function signInThrottle(db: Kysely<Database>, logger: Logger, headers: ThrottleHeaders) {
  const sourceOf = (ctx: HookContext) => sourceKey(ctx.headers?.get(headers.address) ?? 'unknown');
  const deviceOf = (ctx: HookContext) => ctx.headers?.get(headers.device) ?? '';

  /** Whether this source and this device have signed in to the account before (recently). */
  const trustOf = async (email: string, source: string, device: string) => {
    const rows = await db
      .selectFrom('sign_in_trust')
      .select('kind')
      .where('email', '=', email)
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'address'), eb('value', '=', source)]),
          ...(device ? [eb.and([eb('kind', '=', 'device'), eb('value', '=', device)])] : []),
        ]),
      )
      .where(sql<boolean>`last_success > ${since(`${TRUST_DAYS} days`)}`)
      .execute();
    return { any: rows.length > 0, device: rows.some((r) => r.kind === 'device') };
  };

  /** Before sign-in: refuse while this source, or (for strangers) the account, must still wait. */
  const check = async (ctx: HookContext) => {
    if (ctx.path !== PATH && ctx.path !== LINK_REQUEST_PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const source = sourceOf(ctx);
    const device = deviceOf(ctx);
    const trust = await trustOf(email, source, device);
    const trusted = trust.any;
    // A device that signed in before answers for its own failures only, not for its neighbours'.
    const own = trust.device ? sql<boolean>`device = ${device}` : sql<boolean>`address = ${source}`;
    const counts = await db
      .selectFrom('sign_in_failures')
      .select([
        sql<number>`count(*) FILTER (WHERE ${own})`.as('fromSource'),
        sql<Date | null>`max(failed_at) FILTER (WHERE ${own})`.as('lastFromSource'),
        sql<number>`count(*) FILTER (WHERE NOT trusted)`.as('strangers'),
        sql<Date | null>`max(failed_at) FILTER (WHERE NOT trusted)`.as('lastFromStrangers'),
        sql<Date>`now()`.as('now'),
      ])
      .where('email', '=', email)
      .where('failed_at', '>', since('1 day'))
      .executeTakeFirstOrThrow();
    const now = new Date(counts.now).getTime();
    const waitUntil = (last: Date | null, failures: number, free: number) =>
      last ? new Date(last).getTime() + delayAfter(Number(failures), free) * 1000 : 0;
    const until = Math.max(
      waitUntil(counts.lastFromSource, counts.fromSource, FREE_PER_SOURCE),
      trusted ? 0 : waitUntil(counts.lastFromStrangers, counts.strangers, FREE_PER_ACCOUNT),
    );
    if (until > now) {
      const retryAfter = Math.ceil((until - now) / 1000);
      logger.warn('sign-in delayed after repeated wrong passwords', { email, source, trusted, retryAfter });
      throw new APIError(
        'TOO_MANY_REQUESTS',
        {
          code: 'ACCOUNT_LOCKED',
          message: 'Too many failed sign-ins for this account. Please wait a few minutes and try again, or reset your password.',
        },
        { 'Retry-After': String(retryAfter) },
      );
    }
  };

  /** After sign-in: count a wrong password; on success trust this device and source. */
  const record = async (ctx: HookContext) => {
    if (ctx.path === LINK_VERIFY_PATH) {
      // The link's answer is a redirect either way; a session made means it signed in.
      const email = ctx.context.newSession?.user?.email;
      if (typeof email === 'string') await trustAfterSuccess(ctx, email.toLowerCase());
      return;
    }
    if (ctx.path !== PATH) return;
    const email = emailOf(ctx.body);
    if (!email) return;
    const source = sourceOf(ctx);
    const returned = ctx.context.returned;
    if (returned instanceof APIError) {
      if (returned.statusCode !== 401) return;
      const device = deviceOf(ctx);
      const trusted = (await trustOf(email, source, device)).any;
      await db
        .insertInto('sign_in_failures')
        .values({ email, address: source, trusted, device: device || null })
        .execute();
      await db.deleteFrom('sign_in_failures').where('failed_at', '<', since('1 day')).execute();
      return;
    }
    await trustAfterSuccess(ctx, email);
  };

  const trustAfterSuccess = async (ctx: HookContext, email: string) => {
    const source = sourceOf(ctx);
    const device = deviceOf(ctx);
    // A device that was trusted already forgets only its own failures: its success says nothing of
    // the strangers behind its address. Otherwise the failures were this browser's typos, before it had the cookie.
    const forgetOwn = device && (await trustOf(email, source, device)).device;
    await db
      .deleteFrom('sign_in_failures')
      .where('email', '=', email)
      .where((eb) => (forgetOwn ? eb('device', '=', device) : eb('address', '=', source)))
      .execute();
    const trust = [
      { email, kind: 'address' as const, value: source },
      ...(device ? [{ email, kind: 'device' as const, value: device }] : []),
    ];
    await db
      .insertInto('sign_in_trust')
      .values(trust)
      .onConflict((oc) => oc.columns(['email', 'kind', 'value']).doUpdateSet({ last_success: sql`now()` }))
      .execute();
  };

  /** A password reset proves the inbox: every failure for the account is forgotten. */
  const clear = async (email: string) => {
    await db.deleteFrom('sign_in_failures').where('email', '=', email.toLowerCase()).execute();
  };

  return { check, record, clear };
}
