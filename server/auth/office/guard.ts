import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../../platform/config';
import { ForbiddenError, UnauthenticatedError } from '../../../domain/errors';
import type { Auth } from '../auth';
import { onlyCookie } from '../session-guard';
import { DEMO_OWNER_REFUSED_MESSAGE, isRefusedDemoOwner } from './demo-account';
import { isOfficeRole, type OfficeRole } from './roles';
import { officeSessionCacheOf, type CachedOfficeSession } from './session-cache';
import { cookieCarries, recheckSession, type FoundSession } from '../session-recheck';
import type { SessionCache } from '../session-cache';
import { renewalOf } from '../session-renewal';
import { officeSessionOver, slidExpiry } from './session-policy';

/** What requireStaff puts on the context of every office route. */
export interface SignedInStaff {
  userId: string;
  email: string;
  name: string;
  role: OfficeRole;
}

/** An owner may do everything a staff member may. */
const RANK: Record<OfficeRole, number> = { staff: 1, owner: 2 };

export interface OfficeEnv {
  Variables: { staff: SignedInStaff };
}

/**
 * Every office API route sits behind this (/api/office/*, but for the token-gated set-up):
 * 401 for nobody, 403 for a customer session (or a staff member on an owner-only route).
 * Each request counts as activity and moves the session's idle deadline (session-policy.ts);
 * a session past its 12 hours, or of an account whose two-factor is off, is ended here as well, and
 * so is any session of the demo owner on a production server (demo-owner.ts).
 * A session checked a moment ago comes from the office's session cache (office/session-cache.ts,
 * forgotten at once on every instance when the session or the account changes, read again with the
 * others in use before its time ends: session-renewal.ts, or by its token at the next request once it
 * ended: session-recheck.ts); the rules above are applied to it on every request all the same.
 */
export function requireStaff(auth: Auth, config: Pick<Config, 'env'>, role?: OfficeRole) {
  let cookieName: Promise<string> | undefined;
  return createMiddleware<OfficeEnv>(async (c, next) => {
    const cache = officeSessionCacheOf(auth);
    cookieName ??= auth.$context.then((ctx) => ctx.authCookies.sessionToken.name);
    const cookie = cache ? onlyCookie(c, await cookieName) : undefined;
    const cached = cookie ? cache!.get(cookie) : undefined;
    const epoch = cache?.epoch ?? 0;
    const due = !cached && cookie ? cache!.due(cookie) : undefined;
    const session = cached ?? (due ? await recheck(auth, c, due) : await lookUp(auth, c));
    if (!session) throw new UnauthenticatedError('unauthenticated', 'You must be logged in.');
    if (!isOfficeRole(session.role)) throw new ForbiddenError('not_office_account', 'This is for office accounts only.');

    const context = await auth.$context;
    const now = new Date();
    const times = { createdAt: new Date(session.createdAt), expiresAt: new Date(session.expiresAt) };
    const end = async () => {
      await context.internalAdapter.deleteSession(session.token);
      cache?.invalidate(`session:${session.sessionId}`);
    };
    if (isRefusedDemoOwner(session.email, config)) {
      await end();
      throw new ForbiddenError('demo_account_refused', DEMO_OWNER_REFUSED_MESSAGE);
    }
    if (!session.twoFactorEnabled || officeSessionOver(times, now)) {
      await end();
      throw new UnauthenticatedError('session_ended', 'Your session has ended. Please sign in again.');
    }
    if (role && RANK[session.role] < RANK[role]) throw new ForbiddenError('forbidden', `Only an ${role} can do this.`);

    const deadline = slidExpiry(times, now);
    if (deadline) {
      // The row's announcement forgets the entry too; this instance's next request reads the new deadline.
      await context.internalAdapter.updateSession(session.token, { expiresAt: deadline });
      cache?.invalidate(`session:${session.sessionId}`);
    } else if (cookie && !cached && cookieCarries(cookie, session.token)) cache!.set(cookie, session, epoch);
    c.set('staff', { userId: session.userId, email: session.email, name: session.name, role: session.role });
    await next();
  });
}

async function lookUp(auth: Auth, c: Context): Promise<CachedOfficeSession | undefined> {
  // No Better Auth refresh: it would count as activity only what our deadline counts.
  const found = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
  return found ? entryOf(found) : undefined;
}

/** A cached session whose time ended: read again by its token, or by Better Auth once it has ended (session-recheck.ts). */
async function recheck(auth: Auth, c: Context, due: CachedOfficeSession): Promise<CachedOfficeSession | undefined> {
  const found = await recheckSession(auth, due.token, { refresh: false });
  if (found === 'ask-better-auth') return lookUp(auth, c);
  return found ? entryOf(found) : undefined;
}

/** The office's cache kept current (session-renewal.ts, decision 295); no daily refresh (lookUp). */
export const officeSessionRenewal = (cache: SessionCache<CachedOfficeSession>) =>
  renewalOf({ cache, refresh: false, entriesOf: async (found) => found.map(entryOf) });

function entryOf(found: FoundSession): CachedOfficeSession {
  const user = found.user as typeof found.user & { role?: unknown; twoFactorEnabled?: unknown };
  return {
    sessionId: found.session.id,
    token: found.session.token,
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled === true,
    createdAt: new Date(found.session.createdAt).getTime(),
    expiresAt: new Date(found.session.expiresAt).getTime(),
  };
}
