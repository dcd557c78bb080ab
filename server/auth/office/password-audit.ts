import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { isOfficeRole } from './roles';

type Hook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];

const CHANGE_PATH = '/change-password';
const RESET_PATH = '/reset-password';

/**
 * Writes an office account's password change and password reset to audit_log. Better Auth makes
 * the change in its own transaction, which a plugin cannot join, so the row is written right after
 * it succeeded; should that insert fail, the password has changed all the same, so the person is
 * told what happened (200) and the failure is logged with the account, never swallowed.
 * A reset's account is known only from its token, which Better Auth deletes as it resets: the
 * before-hook notes it per request.
 */
export function passwordAudit(db: Kysely<Database>, logger: Logger): { before: Hook; after: Hook } {
  const resetting = new WeakMap<object, string>();
  const officeAccount = (userId: string) =>
    db.selectFrom('user').select(['id', 'email', 'role']).where('id', '=', userId).executeTakeFirst();

  return {
    before: {
      matcher: (ctx) => ctx.path === RESET_PATH,
      handler: createAuthMiddleware(async (ctx) => {
        const token = (ctx.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== 'string' || !ctx.request) return;
        const found = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
        if (found) resetting.set(ctx.request, found.value);
      }),
    },
    after: {
      matcher: (ctx) => ctx.path === CHANGE_PATH || ctx.path === RESET_PATH,
      handler: createAuthMiddleware(async (ctx) => {
        if (ctx.context.returned instanceof APIError || ctx.context.returned instanceof Error) return;
        const userId = ctx.path === CHANGE_PATH ? ctx.context.session?.user.id : ctx.request && resetting.get(ctx.request);
        if (!userId) return;
        const account = await officeAccount(userId);
        if (!account || !isOfficeRole(account.role)) return;
        const otherSessionsEnded = ctx.path === RESET_PATH || (ctx.body as { revokeOtherSessions?: unknown }).revokeOtherSessions === true;
        const entry = {
          actor: account.email,
          action: ctx.path === CHANGE_PATH ? 'change-password' : 'reset-password',
          entity: 'user',
          entityId: account.id,
          after: { sessionsEnded: otherSessionsEnded ? (ctx.path === CHANGE_PATH ? 'others' : 'all') : 'none' },
          ip: ctx.request ? getIP(ctx.request, ctx.context.options) : null,
        };
        await audit(db, entry).catch((err: unknown) => logger.error('office password changed but its audit row failed', { ...entry, err }));
      }),
    },
  };
}
