import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, type TestPortal } from '../../tests/support/harness';
import { createOfficeAccount } from '../../tests/support/office';
import { createOfficeSessionCache, useOfficeSessionCache } from './office/session-cache';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import { useSessionCache } from './session-guard';
import { recheckSession } from './session-recheck';

/**
 * A cached session whose minute ended is read again by its token, and Better Auth decides what is
 * its to decide (decision 291). The caches here run on a clock of the test's and hear no database
 * announcement, as if one had been missed: only the re-check can see a change made meanwhile.
 */
let portal: TestPortal;
let now = Date.now();
const DAY = 24 * 3600_000;
/** Better Auth's session token in a session cookie (`<name>=<token>.<signature>`). */
const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;
const sessionOf = (cookie: string) =>
  sql<{ id: string; expiresAt: Date }>`SELECT id, "expiresAt" FROM session WHERE token = ${tokenOf(cookie)}`.execute(portal.db);

beforeAll(async () => {
  portal = await createTestPortal();
  const customers = new SessionCache(() => now);
  customers.setListening(true);
  useSessionCache(portal.runtime.auth, customers);
  const office = createOfficeSessionCache(() => now);
  office.setListening(true);
  useOfficeSessionCache(portal.runtime.auth, office);
});
afterAll(() => portal?.close());
afterEach(() => vi.restoreAllMocks());

const profile = (cookie: string) => portal.request('/api/profile', { cookie });
const minuteLater = () => (now += SESSION_CACHE_TTL_MS + 1);

describe('a customer session whose minute ended', () => {
  it('is read again by its token, not through Better Auth’s getSession, and the read sees what changed', async () => {
    const cookie = await portal.signUp('recheck-current@example.com');
    expect((await profile(cookie)).status).toBe(200);
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');
    await sql`UPDATE "user" SET "emailVerified" = false WHERE email = 'recheck-current@example.com'`.execute(portal.db);
    expect((await profile(cookie)).status).toBe(200); // the minute has not ended

    minuteLater();
    const refused = await profile(cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('email_not_verified');
    expect(getSession).not.toHaveBeenCalled();
  });

  it('read again carries how the session was made, which the signature certificate names', async () => {
    const cookie = await portal.signUp('recheck-origin@example.com');
    const token = tokenOf(cookie);
    const found = await recheckSession(portal.runtime.auth, token, { refresh: true });
    const [row] = (await sql<{ sign_in_method: string }>`SELECT sign_in_method FROM session WHERE token = ${token}`.execute(portal.db))
      .rows;
    expect(row!.sign_in_method).toBeTruthy();
    expect(found).toMatchObject({ session: { signInMethod: row!.sign_in_method }, user: { email: 'recheck-origin@example.com' } });
  });

  it('is refused once the session was deleted, though no announcement said so', async () => {
    const cookie = await portal.signUp('recheck-deleted@example.com');
    expect((await profile(cookie)).status).toBe(200);
    const [session] = (await sessionOf(cookie)).rows;
    await sql`DELETE FROM session WHERE id = ${session!.id}`.execute(portal.db);
    expect((await profile(cookie)).status).toBe(200);
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');

    minuteLater();
    expect((await profile(cookie)).status).toBe(401);
    expect(getSession).not.toHaveBeenCalled(); // the re-check itself found it gone
  });

  it('is never kept under another cookie value than its own, whatever the header', async () => {
    const cookie = await portal.signUp('recheck-header@example.com');
    const name = cookie.slice(0, cookie.indexOf('='));
    const other = `${name}=${encodeURIComponent('made-up-token.c2lnbmF0dXJlLW1hZGUtdXAtYnktYW4tYXR0YWNrZXI=')}`;
    // Better Auth reads the first (a space before '='), the guard's cookie key the second.
    const crafted = `${name} =${cookie.slice(name.length + 1)}; ${other}`;
    expect((await profile(crafted)).status).toBe(200);
    expect((await profile(other)).status).toBe(401);
    minuteLater();
    expect((await profile(other)).status).toBe(401);
  });

  it('due for its daily refresh goes to Better Auth, which moves its end', async () => {
    const cookie = await portal.signUp('recheck-refresh@example.com');
    expect((await profile(cookie)).status).toBe(200);
    const [session] = (await sessionOf(cookie)).rows;
    // Made two days ago: past Better Auth's updateAge of a day.
    await sql`UPDATE session SET "expiresAt" = now() + interval '28 days' WHERE id = ${session!.id}`.execute(portal.db);
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');

    minuteLater();
    expect((await profile(cookie)).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    const [moved] = (await sessionOf(cookie)).rows;
    expect(Math.abs(new Date(moved!.expiresAt).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });

  it('that has ended is refused, and Better Auth deletes it', async () => {
    const cookie = await portal.signUp('recheck-ended@example.com');
    expect((await profile(cookie)).status).toBe(200);
    const [session] = (await sessionOf(cookie)).rows;
    await sql`UPDATE session SET "expiresAt" = now() - interval '1 second' WHERE id = ${session!.id}`.execute(portal.db);

    minuteLater();
    expect((await profile(cookie)).status).toBe(401);
    expect((await sessionOf(cookie)).rows).toEqual([]);
  });
});

describe('an office session whose minute ended', () => {
  it('is read again by its token, and refused once the session was deleted', async () => {
    const { cookie } = await createOfficeAccount(portal, 'recheck-office@company.example', 'staff');
    const me = () => portal.request('/api/office/me', { cookie });
    expect((await me()).status).toBe(200);
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');

    minuteLater();
    expect((await me()).status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();

    const [session] = (await sessionOf(cookie)).rows;
    await sql`DELETE FROM session WHERE id = ${session!.id}`.execute(portal.db);
    minuteLater();
    expect((await me()).status).toBe(401);
  });

  it('that has ended is refused, and Better Auth deletes it', async () => {
    const { cookie } = await createOfficeAccount(portal, 'recheck-office-ended@company.example', 'staff');
    const me = () => portal.request('/api/office/me', { cookie });
    expect((await me()).status).toBe(200);
    const [session] = (await sessionOf(cookie)).rows;
    await sql`UPDATE session SET "expiresAt" = now() - interval '1 second' WHERE id = ${session!.id}`.execute(portal.db);
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');

    minuteLater();
    expect((await me()).status).toBe(401);
    expect(getSession).toHaveBeenCalledTimes(1);
    expect((await sessionOf(cookie)).rows).toEqual([]);
  });
});
