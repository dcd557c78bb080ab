import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { currentRequest } from '../platform/request-context';
import { accountOf, accountsOf } from './account-of';
import { ForbiddenError, UnauthenticatedError } from '../../domain/errors';
import type { AppEnv } from '../platform/http/types';
import type { Auth } from './auth';
import { isOfficeRole } from './office/roles';
import type { CachedSession, SessionCache } from './session-cache';
import { cookieCarries, recheckSession, type FoundSession } from './session-recheck';
import { renewalOf } from './session-renewal';

/** The runtime gives an Auth its session cache (PostgreSQL only); without one every request asks the database. */
const caches = new WeakMap<Auth, SessionCache>();
export const useSessionCache = (auth: Auth, cache: SessionCache) => caches.set(auth, cache);
/**
 * Forgets this instance's cached sessions of an account at once, for a change whose next request must
 * see it (an e-mail change: the session's e-mail is whose records it reads). Other instances forget on
 * the database's announcement, which arrives a moment after the commit.
 */
export const forgetCachedSessions = (auth: Auth, userId: string) => caches.get(auth)?.invalidate(`user:${userId}`);

/**
 * Every customer route sits behind this: the identity comes from the session in the database,
 * never from anything the browser sends. Records need a confirmed e-mail (REQUIRE_EMAIL_VERIFICATION),
 * otherwise anyone could register with a customer's address and read their quotes.
 * An office session is refused: an address is either an office account or a customer account.
 * A session checked a moment ago is taken from the session cache (revoked at once on every
 * instance, see session-cache.ts), so most requests make no session query; the sessions in use are
 * read again together before their entries end (session-renewal.ts), and an entry whose time ended
 * is read again by its token at its next request (session-recheck.ts).
 * Several people on one account (decision 244): a person who joined an account reads its records
 * (`email` is the account's), with their role; `userId` and `personEmail` stay the person's own.
 */
export function requireCustomer(auth: Auth, config: Pick<Config, 'requireEmailVerification'>, db: Kysely<Database>) {
  let cookieName: Promise<string> | undefined;
  return createMiddleware<AppEnv>(async (c, next) => {
    const cache = caches.get(auth);
    cookieName ??= auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);
    const cookie = cache ? onlyCookie(c, await cookieName) : undefined;
    let session = cookie ? cache!.get(cookie) : undefined;
    if (!session) {
      const epoch = cache?.epoch ?? 0;
      const due = cookie ? cache!.due(cookie) : undefined;
      session = due ? await recheck(auth, c, db, due) : await lookUp(auth, c, db);
      if (session && cookie && cookieCarries(cookie, session.token)) cache!.set(cookie, session, epoch);
    }
    if (!session) throw new UnauthenticatedError('unauthenticated', 'You must be logged in.');
    if (isOfficeRole(session.role)) throw new ForbiddenError('office_account', 'This is an office account.');
    if (config.requireEmailVerification && !session.emailVerified) {
      throw new ForbiddenError('email_not_verified', 'Please confirm your e-mail address first.');
    }
    // The account's e-mail is the key of every record; the person's own id goes to the database with
    // every scope (customer-scope.ts), which checks the two belong together (sql/account-people.sql).
    const request = currentRequest();
    if (request) request.person = session.userId;
    c.set('customer', {
      userId: session.userId,
      email: session.account.accountEmail,
      personEmail: session.email,
      role: session.account.role,
      name: session.name,
      locale: session.locale ?? 'en',
      sessionId: session.sessionId,
      signInMethod: session.signInMethod,
    });
    await next();
  });
}

async function lookUp(auth: Auth, c: Context<AppEnv>, db: Kysely<Database>): Promise<CachedSession | undefined> {
  const found = await auth.api.getSession({ headers: c.req.raw.headers });
  return found ? entryOf(db, found) : undefined;
}

/** A cached session whose time ended: read again by its token, or by Better Auth when it must decide (session-recheck.ts). */
async function recheck(auth: Auth, c: Context<AppEnv>, db: Kysely<Database>, due: CachedSession): Promise<CachedSession | undefined> {
  const found = await recheckSession(auth, due.token, { refresh: true });
  if (found === 'ask-better-auth') return lookUp(auth, c, db);
  return found ? entryOf(db, found) : undefined;
}

async function entryOf(db: Kysely<Database>, found: FoundSession): Promise<CachedSession> {
  return sessionEntryOf(found, await accountOf(db, found.user.id, found.user.email));
}

function sessionEntryOf(found: FoundSession, account: CachedSession['account']): CachedSession {
  const user = found.user as typeof found.user & { locale?: string | null; role?: unknown };
  const recorded = (found.session as typeof found.session & { signInMethod?: string | null }).signInMethod;
  return {
    sessionId: found.session.id,
    token: found.session.token,
    userId: user.id,
    email: user.email,
    name: user.name,
    emailVerified: user.emailVerified,
    locale: user.locale ?? null,
    role: user.role,
    expiresAt: new Date(found.session.expiresAt).getTime(),
    account,
    signInMethod: recorded ?? null,
  };
}

/** The customers' cache kept current (session-renewal.ts, decision 295), their accounts read again in one statement. */
export const customerSessionRenewal = (cache: SessionCache, db: Kysely<Database>) =>
  renewalOf({
    cache,
    refresh: true,
    entriesOf: async (found) => {
      const accounts = await accountsOf(
        db,
        found.map(({ user }) => ({ userId: user.id, ownEmail: user.email })),
      );
      return found.map((one) => sessionEntryOf(one, accounts.get(one.user.id)!));
    },
  });

/** The session cookie's raw (signed) value, when the request carries exactly one: the cache's key. */
export function onlyCookie(c: Pick<Context, 'req'>, name: string): string | undefined {
  const header = c.req.header('cookie');
  if (!header) return undefined;
  const values = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.startsWith(`${name}=`))
    .map((part) => part.slice(name.length + 1));
  return values.length === 1 && values[0] ? values[0] : undefined;
}
