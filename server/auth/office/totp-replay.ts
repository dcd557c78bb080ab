import crypto from 'node:crypto';
import { base32 } from '@better-auth/utils/base32';
import { createOTP } from '@better-auth/utils/otp';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

const TOTP_PERIOD_SECONDS = 30;
const TWO_FACTOR_COOKIE = 'two_factor';
/** Better Auth's form of a secret made elsewhere (the demo owner's): `base32:<secret>`. */
const BASE32_PREFIX = 'base32:';

type Hooks = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['before']>;
type HookContext = Parameters<Hooks[number]['matcher']>[0];
type MiddlewareContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Better Auth's two-factor plugin (1.7.25) has no option for this: it accepts the codes of the
 * previous, current AND next period, as often as they are sent. Before its own check, this hook
 * finds the period an authenticator code belongs to and lets it through only when it is the
 * current or the previous one AND later than the last period the account used; that period is
 * claimed in one statement, so two requests with one code cannot both pass. A code that matches no
 * period goes on to Better Auth, which refuses it and counts the failure as before.
 */
export function totpReplayGuard(db: Kysely<Database>, refusal: () => APIError): Hooks[number] {
  return {
    matcher: (ctx: HookContext) => ctx.path === '/two-factor/verify-totp',
    handler: createAuthMiddleware(async (ctx) => {
      const code = (ctx.body as { code?: unknown } | undefined)?.code;
      if (typeof code !== 'string') return;
      const userId = await accountInVerification(ctx);
      if (!userId) return;
      const row = await ctx.context.adapter.findOne<{ secret?: string }>({
        model: 'twoFactor',
        where: [{ field: 'userId', value: userId }],
      });
      if (!row?.secret) return;
      const period = await periodOfCode(await secretOf(ctx, row.secret), code, Date.now());
      if (period === undefined) return;
      if (period === 'too-early' || !(await claimPeriod(db, userId, period))) throw refusal();
    }),
  };
}

/** The account whose code this is: the set-up's session, else the sign-in's two-factor challenge cookie. */
async function accountInVerification(ctx: MiddlewareContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return undefined;
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value;
}

/** The secret as Better Auth's own verification reads it (two-factor/totp). */
async function secretOf(ctx: MiddlewareContext, stored: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: stored });
  return secret.startsWith(BASE32_PREFIX) ? base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase()) : secret;
}

const sameCode = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The period (30-second counter) of the code among the previous and current ones; 'too-early' for the next one. */
async function periodOfCode(secret: string | Uint8Array, code: string, now: number): Promise<number | 'too-early' | undefined> {
  const otp = createOTP(secret as string, { period: TOTP_PERIOD_SECONDS, digits: 6 });
  const current = Math.floor(now / (TOTP_PERIOD_SECONDS * 1000));
  for (const period of [current, current - 1]) if (sameCode(code, await otp.hotp(period))) return period;
  if (sameCode(code, await otp.hotp(current + 1))) return 'too-early';
  return undefined;
}

/** Records `period` as the account's last used one, unless that one is the same or later. */
async function claimPeriod(db: Kysely<Database>, userId: string, period: number): Promise<boolean> {
  const claimed = await db
    .insertInto('office_totp_periods')
    .values({ user_id: userId, period })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ period })
        .where('office_totp_periods.period', '<', sql<number>`excluded.period`),
    )
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}
