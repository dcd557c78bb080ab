import type { Auth } from '../auth';
import { SessionCache, type SessionEntry } from '../session-cache';

/**
 * What requireStaff needs of a checked office session, kept by the signed session cookie that
 * presented it (Better Auth verified that cookie before the entry was made; a cookie it never verified
 * finds nothing). The session's start and idle deadline are the database's, so every request still
 * applies the 12 hours and the idle deadline to them (session-policy.ts); the deadline's move writes
 * the session row, whose announcement forgets the entry, so the next request reads the new one.
 */
export interface CachedOfficeSession extends SessionEntry {
  email: string;
  name: string;
  role: unknown;
  twoFactorEnabled: boolean;
  /** When the session started (ms since the epoch): it ends 12 hours later. */
  createdAt: number;
}

/**
 * The office's cache of checked sessions: its own, beside the customers' (session-guard.ts), fed by
 * the same database announcements (session-listener.ts). A sign-out, a revocation, an owner's
 * 'Suspend' or 'Remove', a two-factor reset or any change to the session or account row forgets the
 * entry at once on every instance; while the announcements are not listened to, nothing is served.
 */
export const createOfficeSessionCache = (now?: () => number, random?: () => number) => new SessionCache<CachedOfficeSession>(now, random);

const caches = new WeakMap<Auth, SessionCache<CachedOfficeSession>>();
/** The runtime gives an Auth its office session cache (PostgreSQL only); without one every request asks Better Auth. */
export const useOfficeSessionCache = (auth: Auth, cache: SessionCache<CachedOfficeSession>) => caches.set(auth, cache);
export const officeSessionCacheOf = (auth: Auth) => caches.get(auth);
/**
 * Forgets this instance's cached sessions of an office account at once, after an owner's change to it
 * (suspension, role, a new set-up link): the next request here must see it. Other instances forget on
 * the database's announcement, a moment after the commit.
 */
export const forgetOfficeSessions = (auth: Auth, userId: string) => caches.get(auth)?.invalidate(`user:${userId}`);
