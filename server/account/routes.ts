import { Hono } from 'hono';
import { confirmEmailSchema } from '../../contracts/account';
import type { AppDeps } from '../app';
import { isCommonPassword, COMMON_PASSWORD } from '../auth/password-policy';
import { pendingPasswordAccount, readConfirmationToken } from '../auth/registration-proof';
import { AppError } from '../http/errors';
import { sameOrigin } from '../http/same-origin';
import { validate } from '../http/validate';

/**
 * Public account routes beside Better Auth's. POST /confirm-email: a confirmation link opened outside
 * the browser that registered (server/auth/registration-proof.ts) lands on /confirm-email, where the
 * reader of the inbox chooses the password; then Better Auth confirms the address and signs in.
 */
export function accountRoutes({ auth, db, config, secret, logger }: AppDeps) {
  return new Hono().use('*', sameOrigin(config.appUrl)).post('/confirm-email', validate('json', confirmEmailSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const payload = await readConfirmationToken(token, secret);
    if (!payload) throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
    const account = await pendingPasswordAccount(db, payload);
    if (!account) throw new AppError(409, 'already_confirmed', 'This account is already confirmed. Please log in.');
    if (isCommonPassword(password)) throw new AppError(400, 'password_too_common', COMMON_PASSWORD.message);

    const context = await auth.$context;
    await context.internalAdapter.updatePassword(account.id, await context.password.hash(password));
    await context.internalAdapter.deleteUserSessions(account.id);
    const confirmed = await auth.api.verifyEmail({ query: { token }, headers: c.req.raw.headers, asResponse: true });
    if (!confirmed.ok) {
      logger.error('confirmation after choosing a password failed', { status: confirmed.status, userId: account.id });
      throw new AppError(400, 'invalid_token', 'This link is invalid or has expired.');
    }
    logger.info('address confirmed with a password chosen from the e-mail', { userId: account.id });
    const response = c.json({ status: 'confirmed' as const });
    for (const cookie of confirmed.headers.getSetCookie()) response.headers.append('set-cookie', cookie);
    return response;
  });
}
