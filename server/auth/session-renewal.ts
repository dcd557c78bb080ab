import type { Logger } from '../platform/logger';
import { startPollingLoop } from '../platform/polling-loop';
import type { Auth } from './auth';
import type { SessionCache, SessionEntry } from './session-cache';
import { judged, type FoundSession } from './session-recheck';

/** A cache the renewal keeps current, and how its entries are made from a session read again. */
export interface RenewedCache<T extends SessionEntry> {
  cache: SessionCache<T>;
  /** The entry as it would be made from what was read now (the customer's keeps its cached account). */
  entryOf: (found: FoundSession, cached: T) => T;
  /** Whether Better Auth moves these sessions' end once a day (the customers'): one due for it is left to getSession. */
  refresh: boolean;
}

/** How often the renewal runs; it reads again every entry in use whose time ends within two of these. */
export const RENEWAL_EVERY_MS = 5_000;
const RENEWAL_AHEAD_MS = 2 * RENEWAL_EVERY_MS;
/** Tokens read in one statement. */
const TOKENS_PER_READ = 500;

/**
 * Decision 295: the cached sessions in use whose time ends soon are read again together, by their
 * tokens, through Better Auth's adapter (`findSessions`, one statement joining their users), under
 * the rules a single re-check applies (session-recheck.ts). An entry whose session is still current
 * and reads exactly as cached gets a new time; any other is taken out, and the next request that
 * presents its cookie asks Better Auth (getSession: it refreshes, deletes or refuses). An active
 * customer's request then never waits for a check of its session, and the sessions checked together
 * (every customer's after a restart) are not checked again one request at a time.
 */
export async function renewEndingSessions<T extends SessionEntry>(
  auth: Auth,
  { cache, entryOf, refresh }: RenewedCache<T>,
): Promise<{ renewed: number; dropped: number }> {
  const listed = cache.endingSoon(RENEWAL_AHEAD_MS);
  const counts = { renewed: 0, dropped: 0 };
  if (!listed.length) return counts;
  const context = await auth.$context;
  for (let start = 0; start < listed.length; start += TOKENS_PER_READ) {
    const part = listed.slice(start, start + TOKENS_PER_READ);
    const found = await context.internalAdapter.findSessions(part.map((one) => one.session.token));
    const byToken = new Map(found.map((one) => [one.session.token, one]));
    // After the read, as getSession does: a session ending meanwhile is not taken for a current one.
    const now = Date.now();
    for (const one of part) {
      const read = byToken.get(one.session.token);
      const current = read ? judged(context, read, { refresh }, now) : undefined;
      const entry = current && current !== 'ask-better-auth' ? entryOf(current, one.session) : undefined;
      if (entry && unchanged(entry, one.session)) {
        cache.renew(one, entry);
        counts.renewed++;
      } else {
        cache.drop(one);
        counts.dropped++;
      }
    }
  }
  return counts;
}

/** Every field the same (compared as values; an object field, such as the customer's account, by reference). */
export function unchanged<T extends object>(fresh: T, cached: T): boolean {
  const keys = Object.keys(fresh) as (keyof T)[];
  return keys.length === Object.keys(cached).length && keys.every((key) => Object.is(fresh[key], cached[key]));
}

/** One renewal of a cache, for `startSessionRenewal` (the caches' entries differ in shape). */
export const renewalOf =
  <T extends SessionEntry>(one: RenewedCache<T>) =>
  (auth: Auth) =>
    renewEndingSessions(auth, one);

/**
 * Runs the renewal of the given caches every RENEWAL_EVERY_MS, beside the session announcements'
 * listener (runtime.ts; PostgreSQL only). A failed pass is logged: the entries then end as they
 * would have, and each is checked by its next request.
 */
export function startSessionRenewal(auth: Auth, logger: Logger, renewals: ((auth: Auth) => Promise<unknown>)[]) {
  const loop = startPollingLoop({
    pollMs: RENEWAL_EVERY_MS,
    logger,
    failure: 'cached sessions ending soon could not be read again; each is checked by its next request',
    pass: async () => {
      for (const renew of renewals) await renew(auth);
    },
  });
  return { stop: () => loop.stop() };
}
