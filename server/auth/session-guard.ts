import { createMiddleware } from 'hono/factory';
import type { Config } from '../platform/config';
import { AppError } from '../platform/http/errors';
import type { AppEnv } from '../platform/http/types';
import type { Auth } from './auth';
import { isOfficeRole } from './office/roles';

/**
 * Every customer route sits behind this: the identity comes from the session in the database,
 * never from anything the browser sends. Records need a confirmed e-mail (REQUIRE_EMAIL_VERIFICATION),
 * otherwise anyone could register with a customer's address and read their quotes.
 * An office session is refused: an address is either an office account or a customer account.
 */
export function requireCustomer(auth: Auth, config: Pick<Config, 'requireEmailVerification'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const session = await auth.api.getSession({ headers: c.req.raw.headers });
    if (!session) throw new AppError(401, 'unauthenticated', 'You must be logged in.');
    if (isOfficeRole((session.user as { role?: unknown }).role)) throw new AppError(403, 'office_account', 'This is an office account.');
    if (config.requireEmailVerification && !session.user.emailVerified) {
      throw new AppError(403, 'email_not_verified', 'Please confirm your e-mail address first.');
    }
    const user = session.user as typeof session.user & { locale?: string | null };
    c.set('customer', {
      userId: user.id,
      email: user.email,
      name: user.name,
      locale: user.locale ?? 'en',
    });
    await next();
  });
}
