import type { AccountOfPerson } from './account-of';

/** What any cache of sessions needs of an entry: whose it is and when it ends. */
export interface SessionEntry {
  sessionId: string;
  /** Better Auth's session token, to read the session again (session-renewal.ts, session-recheck.ts). */
  token: string;
  userId: string;
  /** When the session itself expires (ms since the epoch): the entry is never served past it. */
  expiresAt: number;
}

/** What the customer guard needs of a checked session. */
export interface CachedSession extends SessionEntry {
  email: string;
  name: string;
  emailVerified: boolean;
  locale: string | null;
  role: unknown;
  /** The account the person reads (auth/account-of.ts): forgotten when their account_people row changes (sql/account-people.sql). */
  account: AccountOfPerson;
  /** How Better Auth made the session (session.sign_in_method, session-origin.ts), for the signature evidence; null for older sessions. */
  signInMethod: string | null;
}

/** How long a checked session is trusted without asking the database at most: a safety net only. */
export const SESSION_CACHE_TTL_MS = 60_000;
/**
 * Each entry's time ends somewhere in the last quarter of that minute, at random (decision 289): the
 * sessions checked together (every customer's after a restart, a burst of sign-ins) are not all
 * checked again in the same second a minute later. Never longer than SESSION_CACHE_TTL_MS.
 */
const TTL_SPREAD_MS = SESSION_CACHE_TTL_MS / 4;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  session: T;
  until: number;
  /** Served since it was set: only such an entry is renewed before its time ends (session-renewal.ts). */
  used: boolean;
}

/** An entry listed for renewal; `renew` and `drop` act on it only if it is still the one in the cache. */
export interface Renewable<T> {
  readonly cookie: string;
  readonly session: T;
  readonly entry: object;
}

/**
 * Sessions recently checked against the database, by the signed session cookie that presented
 * them, so a customer's next requests skip the lookup. Revocation stays immediate: the database
 * announces every session or account change (migration 020, LISTEN portal_sessions) and the entry
 * goes at once, on every instance. The cache serves only while that announcement channel is
 * listened to; while it is down (reconnecting) every request asks the database.
 *
 * A lookup that was in flight while an announcement arrived is not stored (`epoch`): its answer
 * may predate the change. An entry in use is read again with the others ending soon, in one
 * statement, before its time ends (session-renewal.ts, decision 295); one that was not is checked
 * by the next request that presents it (`due`).
 *
 * The office guard keeps its own (office/session-cache.ts, entries of another shape), fed by the same
 * announcements.
 */
export class SessionCache<T extends SessionEntry = CachedSession> {
  #entries = new Map<string, Entry<T>>();
  #epoch = 0;
  #listening = false;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** Taken before a database lookup and handed back to set(). */
  get epoch(): number {
    return this.#epoch;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(cookie: string): T | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(cookie);
    if (!entry || entry.until <= this.now()) return undefined;
    entry.used = true;
    return entry.session;
  }

  /**
   * An entry whose time ended with no announcement about its session or account since, taken out:
   * its cookie is one Better Auth verified, so the guard checks it again the cheaper way
   * (session-recheck.ts, decision 291) and sets it anew.
   */
  due(cookie: string): T | undefined {
    if (!this.#listening) return undefined;
    const entry = this.#entries.get(cookie);
    if (!entry || entry.until > this.now()) return undefined;
    this.#entries.delete(cookie);
    return entry.session;
  }

  set(cookie: string, session: T, epochBeforeLookup: number): void {
    if (!this.#listening || epochBeforeLookup !== this.#epoch) return;
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(cookie, this.#entry(session));
  }

  #entry(session: T): Entry<T> {
    const ttl = SESSION_CACHE_TTL_MS - Math.floor(this.random() * TTL_SPREAD_MS);
    return { session, until: Math.min(session.expiresAt, this.now() + ttl), used: false };
  }

  /**
   * The entries served since they were set (or renewed) whose time ends within `withinMs`: what the
   * renewal reads again together (session-renewal.ts, decision 295). An entry nobody used is left to end.
   */
  endingSoon(withinMs: number): Renewable<T>[] {
    if (!this.#listening) return [];
    const now = this.now();
    const listed: Renewable<T>[] = [];
    for (const [cookie, entry] of this.#entries) {
      if (entry.used && entry.until > now && entry.until <= now + withinMs) listed.push({ cookie, session: entry.session, entry });
    }
    return listed;
  }

  /**
   * A listed entry read again and found unchanged: a new time, counted from now. Nothing happens when
   * the entry is no longer the cache's (an announcement took it out meanwhile, or a request set it anew).
   */
  renew(listed: Renewable<T>, session: T): void {
    if (!this.#listening || this.#entries.get(listed.cookie) !== listed.entry) return;
    // Taken out and set again: the Map's order stays the order of checks, the oldest evicted first.
    this.#entries.delete(listed.cookie);
    this.#entries.set(listed.cookie, this.#entry(session));
  }

  /** A listed entry not renewed (its session gone, ended, due for Better Auth or changed): taken out, if it is still the cache's. */
  drop(listed: Renewable<T>): void {
    if (this.#entries.get(listed.cookie) === listed.entry) this.#entries.delete(listed.cookie);
  }

  /** An announcement from the database: "session:<id>" or "user:<id>" changed or ended. */
  invalidate(payload: string): void {
    this.#epoch++;
    const [kind, id] = [payload.slice(0, payload.indexOf(':')), payload.slice(payload.indexOf(':') + 1)];
    for (const [cookie, { session }] of this.#entries) {
      if ((kind === 'session' && session.sessionId === id) || (kind === 'user' && session.userId === id)) this.#entries.delete(cookie);
    }
    if (kind !== 'session' && kind !== 'user') this.clear();
  }

  /** Listening or not: every change of state forgets everything (announcements may have been missed). */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.clear();
  }

  clear(): void {
    this.#epoch++;
    this.#entries.clear();
  }
}
