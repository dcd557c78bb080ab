import type { Auth, BetterAuthPlugin } from 'better-auth';
import { admin, twoFactor } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { officeGate, SECOND_FACTOR_PATHS } from './gate';
import { accessControl, accessRoles, CUSTOMER_ROLE } from './roles';

export const BACKUP_CODE_COUNT = 10;

/** Roles and suspension. Every sign-up, customers' included, gets the role `customer`. */
const adminPlugin = () =>
  admin({
    ac: accessControl,
    roles: accessRoles,
    defaultRole: CUSTOMER_ROLE,
    adminRoles: ['owner'],
    bannedUserMessage: 'This account is suspended.',
  });

/** Authenticator (TOTP) codes and ten single-use backup codes, stored encrypted. */
const twoFactorPlugin = (issuer: string) =>
  twoFactor({
    issuer,
    backupCodeOptions: { amount: BACKUP_CODE_COUNT, storeBackupCodes: 'encrypted' },
    // The code step of a sign-in must follow the password step within 10 minutes.
    twoFactorCookieMaxAge: 600,
  });

/**
 * The Better Auth plugins of the office side, added to the customer set-up in server/auth/auth.ts.
 * Their HTTP endpoints stay closed except the code step of a sign-in: accounts are managed through
 * /api/office/* (same-origin guard, our own checks, audit), which calls Better Auth on the server.
 */
export function officeAuth(deps: { db: Kysely<Database>; config: Config; logger: Logger }) {
  const managed: BetterAuthPlugin[] = [adminPlugin(), twoFactorPlugin(deps.config.company.name)];
  const disabledPaths = managed
    .flatMap((plugin) => Object.values(plugin.endpoints ?? {}))
    .map((endpoint) => (endpoint as { path?: unknown }).path)
    .filter((path): path is string => typeof path === 'string' && !SECOND_FACTOR_PATHS.has(path));
  return { plugins: [...managed, officeGate(deps)], disabledPaths };
}

/**
 * authOptions() is typed as plain BetterAuthOptions, so `auth.api` does not show the plugins'
 * endpoints; they are there at run time (officeAuth is always part of the options).
 */
export type OfficeAuthApi = Auth<{ plugins: [ReturnType<typeof adminPlugin>, ReturnType<typeof twoFactorPlugin>] }>['api'];
export const officeApi = (auth: { api: object }): OfficeAuthApi => auth.api as OfficeAuthApi;
