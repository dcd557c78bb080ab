import type { Logger } from '../platform/logger';
import { startPollingLoop } from '../platform/polling-loop';
import type { Auth } from './auth';
import type { SessionCache, SessionEntry } from './session-cache';
import { judged, type FoundSession } from './session-recheck';

/** A cache the renewal keeps current, and how its entries are made from the sessions read again. */
export interface RenewedCache<T extends SessionEntry> {
  cache: SessionCache<T>;
  /** The entries as they would be made from what was read now, in order (the customer's reads their accounts again, together). */
  entriesOf: (found: FoundSession[]) => Promise<T[]>;
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
  { cache, entriesOf, refresh }: RenewedCache<T>,
  stopped: () => boolean = () => false,
): Promise<{ renewed: number; dropped: number }> {
  const started = Date.now();
  // A session that itself ends within the window is left to end: reading it again changes nothing.
  const listed = cache.endingSoon(RENEWAL_AHEAD_MS).filter((one) => one.session.expiresAt > started + RENEWAL_AHEAD_MS);
  const counts = { renewed: 0, dropped: 0 };
  if (!listed.length) return counts;
  const context = await auth.$context;
  for (let start = 0; start < listed.length && !stopped(); start += TOKENS_PER_READ) {
    const part = listed.slice(start, start + TOKENS_PER_READ);
    const found = await context.internalAdapter.findSessions(part.map((one) => one.session.token));
    const byToken = new Map(found.map((one) => [one.session.token, one]));
    // After the read, as getSession does: a session ending meanwhile is not taken for a current one.
    const now = Date.now();
    const current = part.map((one) => {
      const read = byToken.get(one.session.token);
      const judgement = read ? judged(context, read, { refresh }, now) : undefined;
      return judgement === 'ask-better-auth' ? undefined : judgement;
    });
    const entries = await entriesOf(current.filter((one) => one !== undefined));
    let next = 0;
    for (const [i, one] of part.entries()) {
      const entry = current[i] ? entries[next++] : undefined;
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

/** Every field the same, as values; an object field (the customer's account) field by field. */
export function unchanged<T extends object>(fresh: T, cached: T): boolean {
  const keys = Object.keys(fresh) as (keyof T)[];
  return (
    keys.length === Object.keys(cached).length &&
    keys.every((key) => {
      const [a, b] = [fresh[key], cached[key]];
      return Object.is(a, b) || (isRecord(a) && isRecord(b) && unchanged(a, b));
    })
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

/** One renewal of a cache, for `startSessionRenewal` (the caches' entries differ in shape). */
export const renewalOf =
  <T extends SessionEntry>(one: RenewedCache<T>) =>
  (auth: Auth, stopped?: () => boolean) =>
    renewEndingSessions(auth, one, stopped);

/**
 * Runs the renewal of the given caches every RENEWAL_EVERY_MS, beside the session announcements'
 * listener (runtime.ts; PostgreSQL only). A failed pass is logged: the entries then end as they
 * would have, and each is checked by its next request.
 */
export function startSessionRenewal(auth: Auth, logger: Logger, renewals: ((auth: Auth, stopped: () => boolean) => Promise<unknown>)[]) {
  const loop = startPollingLoop({
    pollMs: RENEWAL_EVERY_MS,
    logger,
    failure: 'cached sessions ending soon could not be read again; each is checked by its next request',
    pass: async (stopped) => {
      for (const renew of renewals) if (!stopped()) await renew(auth, stopped);
    },
  });
  return { stop: () => loop.stop() };
}
