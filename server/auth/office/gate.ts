import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Kysely } from 'kysely';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { DEMO_OWNER_REFUSED_MESSAGE, isRefusedDemoOwner } from './demo-account';
import { isOfficeRole } from './roles';
import { officeExpiry } from './session-policy';
import { inAnySetup, isSettingUp } from './setup-scope';
import { totpReplayGuard } from './totp-replay';
import { passwordAudit } from './password-audit';
import { officeCookieLifetime } from './office-cookie';

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
const VERIFY_BACKUP_CODE_PATH = '/two-factor/verify-backup-code';
/** The only two-factor endpoints a browser reaches: the second step of a sign-in. */
export const SECOND_FACTOR_PATHS: ReadonlySet<string> = new Set([VERIFY_TOTP_PATH, VERIFY_BACKUP_CODE_PATH]);
const PASSWORD_SIGN_IN_PATH = '/sign-in/email';
const CHANGE_PASSWORD_PATH = '/change-password';
const WRONG_CODE = new Set(['INVALID_CODE', 'INVALID_BACKUP_CODE']);

export const WRONG_CODE_MESSAGE = 'That code is not valid.';

const wrongCode = () => new APIError('UNAUTHORIZED', { code: 'INVALID_CODE', message: WRONG_CODE_MESSAGE });

const secondFactorRequired = () =>
  new APIError('FORBIDDEN', {
    code: 'OFFICE_SECOND_FACTOR_REQUIRED',
    message: 'Office accounts sign in with their password and an authentication code. Finish the set-up from your invitation first.',
  });

/**
 * The office's rules on Better Auth sessions, as a plugin listed after `twoFactor`:
 * - an office account gets a session only from the second step of a sign-in (an authenticator or
 *   backup code). The password step may create one only when two-factor is enabled, because the
 *   two-factor plugin then replaces it with a challenge at once. Every other way (a password alone
 *   before set-up is finished, Google, an e-mail link, an admin call) is refused, whatever the route,
 *   and no Google account is ever linked to an office account;
 * - "trust this device" is switched off, so no sign-in ever skips the code;
 * - office sessions start with the idle deadline of session-policy.ts, and Better Auth's sliding
 *   refresh may not stretch them to the customers' 30 days;
 * - a wrong authenticator code and a wrong or used backup code get one and the same refusal; so does
 *   an authenticator code used before, or one of the next period (totp-replay.ts);
 * - each office sign-in is written to audit_log, and so is each password change and reset
 *   (password-audit.ts); a password change that ends the other sessions keeps the caller signed in;
 * - with NODE_ENV=production, the demo owner (public password and secret) gets no session at all.
 */
export function officeGate({
  db,
  logger,
  config,
}: {
  db: Kysely<Database>;
  logger: Logger;
  config: Pick<Config, 'env'>;
}): BetterAuthPlugin {
  const passwords = passwordAudit(db, logger);
  const accountOf = (userId: string) =>
    db.selectFrom('user').select(['email', 'role', 'twoFactorEnabled']).where('id', '=', userId).executeTakeFirst();

  return {
    id: 'office-gate',
    init: () => ({
      options: {
        databaseHooks: {
          account: {
            create: {
              // No other way of signing in (Google) is ever linked to an office account.
              before: async (account) => {
                if (account.providerId === 'credential') return;
                const owner = await accountOf(account.userId);
                if (owner && isOfficeRole(owner.role)) throw secondFactorRequired();
              },
            },
          },
          session: {
            create: {
              before: async (session, ctx) => {
                const account = await accountOf(session.userId);
                if (!account || !isOfficeRole(account.role)) return;
                const path = ctx?.path ?? '';
                if (isRefusedDemoOwner(account.email, config)) {
                  logger.warn('demo office owner refused: NODE_ENV=production', { email: account.email, path });
                  throw new APIError('FORBIDDEN', { code: 'DEMO_ACCOUNT_REFUSED', message: DEMO_OWNER_REFUSED_MESSAGE });
                }
                const challenged = path === PASSWORD_SIGN_IN_PATH && account.twoFactorEnabled === true;
                // A password change that ends the other sessions replaces the signed-in person's own
                // session: the new one keeps the old one's start, so it still ends 12 hours after sign-in.
                const current = ctx?.context.session?.session;
                const replacing = path === CHANGE_PASSWORD_PATH && current?.userId === session.userId ? current : undefined;
                if (replacing) {
                  const createdAt = new Date(replacing.createdAt);
                  return { data: { ...session, createdAt, expiresAt: officeExpiry(createdAt, new Date()) } };
                }
                if (!SECOND_FACTOR_PATHS.has(path) && !challenged && !isSettingUp(session.userId)) {
                  logger.warn('office session refused: no second factor', { email: account.email, path });
                  throw secondFactorRequired();
                }
                return { data: { ...session, expiresAt: officeExpiry(new Date(), new Date()) } };
              },
            },
            update: {
              // getSession's refresh sets expiresAt to now + 30 days; an office session keeps its own.
              before: async (data, ctx) => {
                const current = ctx?.context.session;
                if (!data.expiresAt || !current || !isOfficeRole((current.user as { role?: unknown }).role)) return;
                return { data: { ...data, expiresAt: current.session.expiresAt } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => ({ context: { body: { ...(ctx.body as object), trustDevice: false } } })),
        },
        totpReplayGuard(db, wrongCode),
        passwords.before,
      ],
      after: [
        {
          matcher: (ctx) => SECOND_FACTOR_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (returned instanceof APIError) {
              const code = (returned.body as { code?: string } | undefined)?.code;
              if (code && WRONG_CODE.has(code)) throw wrongCode();
              return;
            }
            const created = ctx.context.newSession;
            if (!created || !isOfficeRole((created.user as { role?: unknown }).role) || inAnySetup()) return;
            await audit(db, {
              actor: created.user.email,
              action: 'sign-in',
              entity: 'user',
              entityId: created.user.id,
              after: { secondFactor: ctx.path === VERIFY_TOTP_PATH ? 'authenticator' : 'backup code' },
              ip: created.session.ipAddress,
            });
          }),
        },
        passwords.after,
        officeCookieLifetime(new Set([...SECOND_FACTOR_PATHS, CHANGE_PASSWORD_PATH])),
      ],
    },
  };
}
