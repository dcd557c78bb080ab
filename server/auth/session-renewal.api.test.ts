import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, type TestPortal } from '../../tests/support/harness';
import { createOfficeAccount } from '../../tests/support/office';
import { invitedPerson } from '../../tests/support/people';
import { officeSessionRenewal } from './office/guard';
import { createOfficeSessionCache, useOfficeSessionCache, type CachedOfficeSession } from './office/session-cache';
import { SESSION_CACHE_TTL_MS, SessionCache } from './session-cache';
import { customerSessionRenewal, useSessionCache } from './session-guard';

/**
 * The cached sessions in use are read again together before their entries end (decision 295). The
 * caches here run on a clock of the test's, every entry a full minute, and hear no database
 * announcement, as if one had been missed: only the renewal's read can see a change made meanwhile.
 */
let portal: TestPortal;
let now = Date.now();
let customers: SessionCache;
let office: SessionCache<CachedOfficeSession>;
const DAY = 24 * 3600_000;
const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0]!;

beforeAll(async () => {
  portal = await createTestPortal();
  customers = new SessionCache(
    () => now,
    () => 0,
  );
  customers.setListening(true);
  useSessionCache(portal.runtime.auth, customers);
  office = createOfficeSessionCache(
    () => now,
    () => 0,
  );
  office.setListening(true);
  useOfficeSessionCache(portal.runtime.auth, office);
});
afterAll(() => portal?.close());
afterEach(() => vi.restoreAllMocks());

const profile = (cookie: string) => portal.request('/api/profile', { cookie });
const renewCustomers = () => customerSessionRenewal(customers, portal.db)(portal.runtime.auth);
/** Five seconds before the entries made now end (the renewal looks ten ahead). */
const nearTheEnd = () => (now += SESSION_CACHE_TTL_MS - 5_000);
const spyOnReads = async () => {
  const adapter = (await portal.runtime.auth.$context).internalAdapter;
  return { findSessions: vi.spyOn(adapter, 'findSessions'), findSession: vi.spyOn(adapter, 'findSession') };
};

describe('the customers’ sessions in use', () => {
  it('are read again in one statement before their minute ends, and the next requests ask nothing', async () => {
    const cookies = [];
    for (const name of ['renew-a', 'renew-b', 'renew-c']) cookies.push(await portal.signUp(`${name}@example.com`));
    for (const cookie of cookies) expect((await profile(cookie)).status).toBe(200); // checked, cached
    for (const cookie of cookies) expect((await profile(cookie)).status).toBe(200); // served from the cache
    const idle = await portal.signUp('renew-idle@example.com');
    expect((await profile(idle)).status).toBe(200); // cached, never served again

    nearTheEnd();
    const reads = await spyOnReads();
    expect(await renewCustomers()).toEqual({ renewed: 3, dropped: 0 });
    expect(reads.findSessions).toHaveBeenCalledTimes(1);

    now += 30_000; // past the first minute, inside the new one
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');
    for (const cookie of cookies) expect((await profile(cookie)).status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();
    expect(reads.findSession).not.toHaveBeenCalled();
    // The idle one was not read with them: its next request checks it by its token (decision 291).
    expect((await profile(idle)).status).toBe(200);
    expect(reads.findSession).toHaveBeenCalledTimes(1);
  });

  it('are taken out when the session was deleted or the user changed, though no announcement said so', async () => {
    const deleted = await portal.signUp('renew-deleted@example.com');
    const changed = await portal.signUp('renew-changed@example.com');
    for (const cookie of [deleted, deleted, changed, changed]) expect((await profile(cookie)).status).toBe(200);
    await sql`DELETE FROM session WHERE token = ${tokenOf(deleted)}`.execute(portal.db);
    await sql`UPDATE "user" SET "emailVerified" = false WHERE email = 'renew-changed@example.com'`.execute(portal.db);

    nearTheEnd();
    expect(await renewCustomers()).toEqual({ renewed: 0, dropped: 2 });
    expect((await profile(deleted)).status).toBe(401);
    const refused = await profile(changed);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('email_not_verified');
  });

  it('are read with their accounts: a person whose role changed unannounced is taken out and read anew', async () => {
    const owner = await portal.signUp('renew-owner@example.com');
    const person = await invitedPerson(portal, owner, 'renew-person@example.com', 'approve_and_pay');
    for (const _ of [1, 2]) expect((await profile(person)).status).toBe(200);
    await sql`UPDATE account_people SET role = 'view_only' WHERE email = 'renew-person@example.com'`.execute(portal.db);

    nearTheEnd();
    expect(await renewCustomers()).toEqual({ renewed: 0, dropped: 1 });
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');
    expect((await profile(person)).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1); // read anew, with the account as it is now
  });

  it('due for its daily refresh is left to Better Auth, which moves its end at the next request', async () => {
    const cookie = await portal.signUp('renew-refresh@example.com');
    for (const _ of [1, 2]) expect((await profile(cookie)).status).toBe(200);
    // Made two days ago: past Better Auth's updateAge of a day.
    await sql`UPDATE session SET "expiresAt" = now() + interval '28 days' WHERE token = ${tokenOf(cookie)}`.execute(portal.db);

    nearTheEnd();
    expect(await renewCustomers()).toEqual({ renewed: 0, dropped: 1 });
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');
    expect((await profile(cookie)).status).toBe(200);
    expect(getSession).toHaveBeenCalledTimes(1);
    const [moved] = (await sql<{ expiresAt: Date }>`SELECT "expiresAt" FROM session WHERE token = ${tokenOf(cookie)}`.execute(portal.db))
      .rows;
    expect(Math.abs(new Date(moved!.expiresAt).getTime() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
  });
});

describe('the office’s sessions in use', () => {
  it('are read again before their minute ends, and taken out once the session was deleted', async () => {
    const { cookie } = await createOfficeAccount(portal, 'renew-office@company.example', 'staff');
    const me = () => portal.request('/api/office/me', { cookie });
    for (const _ of [1, 2]) expect((await me()).status).toBe(200);
    const renewOffice = () => officeSessionRenewal(office)(portal.runtime.auth);

    now += SESSION_CACHE_TTL_MS - 5_000;
    expect(await renewOffice()).toMatchObject({ renewed: 1, dropped: 0 });
    now += 10_000;
    const getSession = vi.spyOn(portal.runtime.auth.api, 'getSession');
    expect((await me()).status).toBe(200);
    expect(getSession).not.toHaveBeenCalled();

    await sql`DELETE FROM session WHERE token = ${tokenOf(cookie)}`.execute(portal.db);
    now += SESSION_CACHE_TTL_MS - 15_000; // five seconds before the renewed minute ends
    expect(await renewOffice()).toMatchObject({ renewed: 0, dropped: 1 });
    expect((await me()).status).toBe(401);
  });
});
