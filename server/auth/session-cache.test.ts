import { describe, expect, it } from 'vitest';
import { SESSION_CACHE_TTL_MS, SessionCache, type CachedSession } from './session-cache';

const session = (over: Partial<CachedSession> = {}): CachedSession => ({
  sessionId: 's1',
  token: 'token-1',
  userId: 'u1',
  email: 'ana@example.com',
  name: 'Ana',
  emailVerified: true,
  locale: 'en',
  role: 'customer',
  expiresAt: Date.now() + 3_600_000,
  account: { accountEmail: 'ana@example.com', role: 'owner' },
  signInMethod: 'password',
  ...over,
});

function listeningCache(now?: () => number, random?: () => number) {
  const cache = new SessionCache(now, random);
  cache.setListening(true);
  return cache;
}

describe('SessionCache', () => {
  it('serves a checked session by its cookie', () => {
    const cache = listeningCache();
    cache.set('cookie-a', session(), cache.epoch);
    expect(cache.get('cookie-a')?.email).toBe('ana@example.com');
    expect(cache.get('cookie-b')).toBeUndefined();
  });

  it('forgets a session the database says ended, and every session of a changed account', () => {
    const cache = listeningCache();
    cache.set('a', session(), cache.epoch);
    cache.set('b', session({ sessionId: 's2' }), cache.epoch);
    cache.set('c', session({ sessionId: 's3', userId: 'u2' }), cache.epoch);
    cache.invalidate('session:s1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    cache.invalidate('user:u1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('does not store a lookup that was in flight while a session ended (its answer may be stale)', () => {
    const cache = listeningCache();
    const epoch = cache.epoch;
    cache.invalidate('session:s1'); // arrives while the lookup runs
    cache.set('a', session(), epoch);
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves nothing while the announcements are not listened to, and forgets everything when they stop', () => {
    const cache = new SessionCache();
    cache.set('a', session(), cache.epoch);
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.set('a', session(), cache.epoch);
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps an entry no longer than its time to live or its session', () => {
    let now = 1_000_000;
    const cache = listeningCache(() => now);
    cache.set('a', session({ expiresAt: now + 10 * 60_000 }), cache.epoch);
    cache.set('b', session({ sessionId: 's2', expiresAt: now + 1_000 }), cache.epoch);
    now += 1_001;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    now += SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBeUndefined();
  });

  it('ends the entries checked together at different times within the last quarter of the minute, none later', () => {
    let now = 1_000_000;
    const draws = [0, 0.5, 0.999];
    const cache = listeningCache(
      () => now,
      () => draws.shift() ?? 0,
    );
    for (const cookie of ['a', 'b', 'c']) cache.set(cookie, session({ expiresAt: now + 10 * 60_000 }), cache.epoch);
    now += SESSION_CACHE_TTL_MS * 0.75 - 1;
    expect(['a', 'b', 'c'].map((c) => cache.get(c) !== undefined)).toEqual([true, true, true]);
    now += SESSION_CACHE_TTL_MS * 0.125 + 1;
    expect(['a', 'b', 'c'].map((c) => cache.get(c) !== undefined)).toEqual([true, false, false]);
    now += SESSION_CACHE_TTL_MS * 0.125;
    expect(cache.get('a')).toBeUndefined();
  });

  it('gives an entry whose time ended once, for its re-check, but never one an announcement forgot', () => {
    let now = 1_000_000;
    const cache = listeningCache(() => now);
    cache.set('a', session(), cache.epoch);
    cache.set('b', session({ sessionId: 's2', userId: 'u2' }), cache.epoch);
    expect(cache.due('a')).toBeUndefined();
    now += SESSION_CACHE_TTL_MS;
    expect(cache.get('a')).toBeUndefined();
    cache.invalidate('user:u2');
    expect(cache.due('b')).toBeUndefined();
    expect(cache.due('a')?.token).toBe('token-1');
    expect(cache.due('a')).toBeUndefined();
  });

  it('gives no entry for a re-check while the announcements are not listened to', () => {
    let now = 1_000_000;
    const cache = listeningCache(() => now);
    cache.set('a', session(), cache.epoch);
    now += SESSION_CACHE_TTL_MS;
    cache.setListening(false);
    expect(cache.due('a')).toBeUndefined();
  });

  describe('renewal (decision 295)', () => {
    const within = 10_000;

    /** A listening cache on the test's clock, every entry a full minute. */
    function renewalCache() {
      let now = 1_000_000;
      const cache = listeningCache(
        () => now,
        () => 0,
      );
      return {
        cache,
        now: () => now,
        advance: (ms: number) => (now += ms),
        /** Five seconds before an entry set at the start ends. */
        nearItsEnd: () => (now += SESSION_CACHE_TTL_MS - 5_000),
      };
    }
    /** Set, then served once: an entry in use. */
    const serve = (cache: SessionCache, cookie: string, over: Partial<CachedSession> = {}) => {
      cache.set(cookie, session(over), cache.epoch);
      cache.get(cookie);
    };

    it('lists the entries served since they were set whose time ends soon, and renews them from now', () => {
      const { cache, now, advance, nearItsEnd } = renewalCache();
      serve(cache, 'served', { expiresAt: now() + 3_600_000 });
      cache.set('idle', session({ sessionId: 's2', expiresAt: now() + 3_600_000 }), cache.epoch);
      expect(cache.endingSoon(within)).toEqual([]); // a minute away
      nearItsEnd();
      const listed = cache.endingSoon(within);
      expect(listed.map((one) => one.cookie)).toEqual(['served']);
      cache.renew(listed[0]!, session({ name: 'Ana María', expiresAt: now() + 3_600_000 }));
      advance(30_000); // past its first minute
      expect(cache.get('served')?.name).toBe('Ana María');
      expect(cache.get('idle')).toBeUndefined();
      expect(cache.endingSoon(within)).toEqual([]); // renewed, and its new minute is not ending yet
    });

    it('lists an entry again only if it was served after its renewal', () => {
      const { cache, nearItsEnd } = renewalCache();
      serve(cache, 'a');
      nearItsEnd();
      cache.renew(cache.endingSoon(within)[0]!, session());
      nearItsEnd();
      expect(cache.endingSoon(within)).toEqual([]);
      cache.get('a');
      expect(cache.endingSoon(within)).toHaveLength(1);
    });

    it('never renews an entry an announcement took out, or one a request set anew, after it was listed', () => {
      const { cache, nearItsEnd } = renewalCache();
      serve(cache, 'a');
      serve(cache, 'b', { sessionId: 's2', token: 'token-2' });
      nearItsEnd();
      const [a, b] = cache.endingSoon(within);
      cache.invalidate('session:s1'); // arrives while the renewal reads
      cache.set('b', session({ sessionId: 's2', token: 'token-2', name: 'Set by a request' }), cache.epoch);
      cache.renew(a!, session());
      cache.renew(b!, session({ sessionId: 's2', token: 'token-2', name: 'Renewed' }));
      expect(cache.get('a')).toBeUndefined();
      expect(cache.get('b')?.name).toBe('Set by a request');
      cache.drop(b!);
      expect(cache.get('b')?.name).toBe('Set by a request');
    });

    it('keeps a renewed entry as the newest: a full cache evicts the oldest checked, not the most used', () => {
      const { cache, nearItsEnd } = renewalCache();
      cache.set('used', session(), cache.epoch);
      for (let i = 0; i < 9_999; i++) cache.set(`idle-${i}`, session({ sessionId: `s-${i}` }), cache.epoch);
      cache.get('used');
      nearItsEnd();
      cache.renew(cache.endingSoon(within)[0]!, session());
      cache.set('newcomer', session({ sessionId: 'new' }), cache.epoch);
      expect(cache.get('used')).toBeDefined();
      expect(cache.get('idle-0')).toBeUndefined();
    });

    it('drops a listed entry at once, and lists nothing while the announcements are not listened to', () => {
      const { cache, nearItsEnd } = renewalCache();
      serve(cache, 'a');
      nearItsEnd();
      cache.drop(cache.endingSoon(within)[0]!);
      expect(cache.get('a')).toBeUndefined();
      expect(cache.due('a')).toBeUndefined(); // the next request asks Better Auth
      serve(cache, 'b');
      nearItsEnd();
      cache.setListening(false);
      expect(cache.endingSoon(within)).toEqual([]);
    });
  });
});
