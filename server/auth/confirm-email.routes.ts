import { Hono } from 'hono';
import { sql } from 'kysely';
import { confirmEmail } from '../../contracts/account';
import type { AppDeps } from '../deps';
import { InvalidInputError, WrongStateError } from '../../domain/errors';
import { sameOrigin } from '../platform/http/same-origin';
import { validate } from '../platform/http/validate';
import { COMMON_PASSWORD, isCommonPassword } from './password-policy';
import { pendingPasswordAccount, readConfirmationToken } from './registration-proof';
import { forgetResetLinks } from './reset-links';

/**
 * POST /api/account/confirm-email (public, token-gated): a confirmation link opened outside the
 * browser that registered (registration-proof.ts) lands on /confirm-email, where the reader of the
 * inbox chooses the password; then Better Auth confirms the address and signs in.
 */
export function confirmEmailRoutes({ auth, db, config, secret, logger }: Pick<AppDeps, 'auth' | 'db' | 'config' | 'secret' | 'logger'>) {
  return new Hono()
    .use(confirmEmail.path, sameOrigin(config.appUrl))
    .on(confirmEmail.method, confirmEmail.path, validate('json', confirmEmail.body), async (c) => {
      const { token, password } = c.req.valid('json');
      const payload = await readConfirmationToken(token, secret);
      if (!payload) throw new InvalidInputError('invalid_token', 'This link is invalid or has expired.', 'token');
      const account = await pendingPasswordAccount(db, payload);
      if (!account) throw new WrongStateError('already_confirmed', 'This account is already confirmed. Please log in.');
      if (isCommonPassword(password)) throw new InvalidInputError('password_too_common', COMMON_PASSWORD.message, 'password');

      const context = await auth.$context;
      const hash = await context.password.hash(password);
      if (account.hasPassword) await context.internalAdapter.updatePassword(account.id, hash);
      else {
        // An account an unverified sign-in made: the provider's unproven link goes, the reader's password comes.
        await sql`DELETE FROM account WHERE "userId" = ${account.id}`.execute(db);
        await context.internalAdapter.linkAccount({ userId: account.id, providerId: 'credential', accountId: account.id, password: hash });
      }
      await context.internalAdapter.deleteUserSessions(account.id);
      await forgetResetLinks(db, account.id);
      const confirmed = await auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers, asResponse: true });
      if (!confirmed.ok) {
        logger.error('confirmation after choosing a password failed', { status: confirmed.status, userId: account.id });
        throw new InvalidInputError('invalid_token', 'This link is invalid or has expired.', 'token');
      }
      logger.info('address confirmed with a password chosen from the e-mail', { userId: account.id });
      const response = c.json({ status: 'confirmed' as const });
      for (const cookie of confirmed.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
      return response;
    });
}
