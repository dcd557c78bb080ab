import { APIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { SetupFinished, TotpEnrolment } from '../../../contracts/office/setup';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { OfficeAccountError } from './errors';
import { CLIENT_IP_HEADER, type Auth } from '../auth';
import { COMMON_PASSWORD, isCommonPassword } from '../password-policy';
import { WRONG_CODE_MESSAGE } from './gate';
import { officeApi } from './plugins';
import { duringSetupOf } from './setup-scope';
import { consumeSetupToken, findSetupAccount, isWithdrawnSetupToken, type SetupAccount } from './setup-tokens';

export interface SetupDeps {
  auth: Auth;
  db: Kysely<Database>;
  config: Config;
}

const invalidLink = () =>
  new OfficeAccountError(
    'setup_link_invalid',
    'This set-up link is not valid, was already used or has expired. Ask an owner for a new one.',
  );

/** The account behind a link that can still be used; throws the clear refusal otherwise. */
export async function setupAccountOf(db: Kysely<Database>, token: string): Promise<SetupAccount> {
  const account = await findSetupAccount(db, token);
  if (!account && (await isWithdrawnSetupToken(db, token)))
    throw new OfficeAccountError(
      'invitation_withdrawn',
      'This invitation was withdrawn because the person who sent it can no longer invite. Ask an owner for a new one.',
    );
  if (!account) throw invalidLink();
  if (account.twoFactorEnabled) throw new OfficeAccountError('already_set_up', 'This office account is already set up. Sign in instead.');
  return account;
}

/**
 * Signs the account in on the server with Better Auth's own sign-in and runs `work` with that
 * session's cookie, then deletes every session of the account: a browser never gets a session of an
 * office account that has not finished enrolling its authenticator (see setup-scope.ts).
 */
async function withSetupSession<T>(
  deps: SetupDeps,
  account: SetupAccount,
  password: string,
  ip: string,
  work: (headers: Headers) => Promise<T>,
): Promise<T> {
  const context = await deps.auth.$context;
  return duringSetupOf(account.id, async () => {
    try {
      const signIn = await deps.auth.api
        .signInEmail({
          body: { email: account.email, password, rememberMe: false },
          headers: new Headers({ [CLIENT_IP_HEADER]: ip }),
          returnHeaders: true,
        })
        .catch((err: unknown) => {
          if (err instanceof APIError && err.statusCode === 401)
            throw new OfficeAccountError('wrong_password', 'That is not the password you chose for this account.');
          throw err;
        });
      const cookie = signIn.headers
        .getSetCookie()
        .map((line) => line.split(';')[0]!)
        .join('; ');
      return await work(new Headers({ cookie, [CLIENT_IP_HEADER]: ip }));
    } finally {
      await context.internalAdapter.deleteUserSessions(account.id);
    }
  });
}

/**
 * Step 1: sets the password (8-128 characters, not one of the most common ones: the rule and the
 * message of a customer's sign-up and reset, password-policy.ts) and starts the authenticator enrolment.
 */
export async function choosePassword(deps: SetupDeps, token: string, password: string, ip: string): Promise<TotpEnrolment> {
  const account = await setupAccountOf(deps.db, token);
  if (isCommonPassword(password)) throw new OfficeAccountError('password_too_common', COMMON_PASSWORD.message);
  const context = await deps.auth.$context;
  const hash = await context.password.hash(password);
  if (await context.internalAdapter.findCredentialAccount(account.id)) await context.internalAdapter.updatePassword(account.id, hash);
  else await context.internalAdapter.linkAccount({ providerId: 'credential', accountId: account.id, userId: account.id, password: hash });

  return withSetupSession(deps, account, password, ip, async (headers) => {
    // Run again (a reloaded page), this replaces the secret not yet confirmed by a code.
    const enrolment = await officeApi(deps.auth).enableTwoFactor({ headers, body: { password, issuer: deps.config.company.name } });
    const totpUri = 'totpURI' in enrolment ? enrolment.totpURI : undefined;
    const secret = totpUri ? new URL(totpUri).searchParams.get('secret') : null;
    if (!totpUri || !secret) throw new Error('two-factor enrolment returned no authenticator secret');
    return { totpUri, secret };
  });
}

/** Step 2: the first authenticator code turns two-factor on; answers the ten backup codes once and uses the link up. */
export async function finishSetup(deps: SetupDeps, token: string, password: string, code: string, ip: string): Promise<SetupFinished> {
  const account = await setupAccountOf(deps.db, token);
  const api = officeApi(deps.auth);
  const backupCodes = await withSetupSession(deps, account, password, ip, async (headers) => {
    await api.verifyTOTP({ headers, body: { code } }).catch((err: unknown) => {
      if (err instanceof APIError && err.statusCode === 401) throw new OfficeAccountError('invalid_code', WRONG_CODE_MESSAGE);
      throw err;
    });
    return (await api.viewBackupCodes({ body: { userId: account.id } })).backupCodes;
  });
  if (!(await consumeSetupToken(deps.db, token))) throw invalidLink();
  await audit(deps.db, { actor: account.email, action: 'set-up', entity: 'user', entityId: account.id, after: { twoFactor: true }, ip });
  return { backupCodes };
}
