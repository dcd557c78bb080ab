import type { Auth } from './auth';

/** A session and its user as Better Auth's adapter reads them by the session's token. */
export type FoundSession = NonNullable<Awaited<ReturnType<Awaited<Auth['$context']>['internalAdapter']['findSession']>>>;

/**
 * The check of a cached session whose minute ended (decision 291). Better Auth verified the cookie's
 * signature when the entry was made, and the entry is keyed by that exact signed value, so what
 * `getSession` would do again is read the session and its user by the token: that read, through
 * Better Auth's own adapter, about a third of `getSession`'s cost. Whatever Better Auth decides
 * itself goes to it: a session that has ended (it deletes the row) and, with `refresh`, one due for its
 * daily move of the end (`updateAge`): 'ask-better-auth'. null: the session is gone (signed out,
 * revoked, its account suspended).
 * These are `getSession`'s rules in better-auth/dist/api/routes/session.mjs: whoever upgrades Better
 * Auth reads that function again (decision 291).
 */
export async function recheckSession(
  auth: Auth,
  token: string,
  opts: { refresh: boolean },
  clock: () => number = Date.now,
): Promise<FoundSession | null | 'ask-better-auth'> {
  const context = await auth.$context;
  const found = await context.internalAdapter.findSession(token);
  if (!found) return null;
  // After the read, as getSession does: a session ending meanwhile is not taken for a current one.
  return judged(context, found, opts, clock());
}

/**
 * getSession's rules for a session read by its token: one that has ended, or (with `refresh`) one
 * due for its daily move of the end, is Better Auth's to decide; any other is current.
 */
export function judged(
  context: Pick<Awaited<Auth['$context']>, 'sessionConfig'>,
  found: FoundSession,
  opts: { refresh: boolean },
  now: number,
): FoundSession | 'ask-better-auth' {
  const expiresAt = new Date(found.session.expiresAt).getTime();
  if (!(expiresAt > now)) return 'ask-better-auth';
  const { expiresIn, updateAge } = context.sessionConfig;
  if (opts.refresh && expiresAt - expiresIn * 1000 + updateAge * 1000 <= now) return 'ask-better-auth';
  return found;
}

/**
 * Whether a session cookie's raw value (the cache's key) carries this session's token, as
 * `<token>.<signature>` (URL-encoded, perhaps quoted): only then is the checked session cached under
 * it. A header that names the cookie twice (`portal.session_token =<B>; portal.session_token=<A>`) is
 * read one way by Better Auth and another by the guard's onlyCookie; the session Better Auth found
 * for B is never kept under A.
 */
export function cookieCarries(cookie: string, token: string): boolean {
  const quoted = cookie.length > 1 && cookie.startsWith('"') && cookie.endsWith('"');
  let value = quoted ? cookie.slice(1, -1) : cookie;
  try {
    value = decodeURIComponent(value);
  } catch {
    return false; // not a value Better Auth could have verified: nothing is kept under it
  }
  const dot = value.lastIndexOf('.');
  return dot > 0 && value.slice(0, dot) === token;
}
