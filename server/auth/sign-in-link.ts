import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';
import { isOfficeRole } from './office/roles';

/** How long a sign-in link works (contract-spec §4). */
export const SIGN_IN_LINK_MINUTES = 15;

export interface SignInLinkUser {
  email: string;
  locale: string | null;
}

/**
 * Better Auth's magic-link plugin calls this with each link it made. The link goes only to a
 * customer's account: an office account (which signs in with a code), a suspended account and an
 * address with no account get nothing, and the request's answer is the same for all (the plugin
 * answers { status: true } after this returns; the queuing is not awaited, and http-handler.ts gives
 * the request a floor time), so the answer never tells which addresses exist.
 */
export function signInLinkSender(db: Kysely<Database>, logger: Logger, send: (user: SignInLinkUser, url: string) => void) {
  return async ({ email, url }: { email: string; url: string }) => {
    const user = await db
      .selectFrom('user')
      .select(['email', 'locale', 'role', 'banned'])
      .where(sql<boolean>`lower(email) = lower(${email})`)
      .executeTakeFirst();
    if (!user || isOfficeRole(user.role) || user.banned) {
      logger.info('sign-in link not sent: no customer account for the address', { office: isOfficeRole(user?.role) });
      return;
    }
    send({ email: user.email, locale: user.locale ?? null }, url);
  };
}
