import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, signInOffice } from '../../../tests/support/office';

/** Office sessions end after 60 minutes without activity and after 12 hours (session-policy.ts). */
let portal: TestPortal;
let account: Awaited<ReturnType<typeof createOfficeAccount>>;
const EMAIL = 'rita@company.example';
const MINUTE = 60_000;

beforeAll(async () => {
  portal = await createTestPortal();
  account = await createOfficeAccount(portal, EMAIL, 'staff');
});
afterAll(() => portal?.close());

/** A session row: the account's newest, or the one with this id. */
const latestSession = async (id?: string) =>
  (
    await sql<{ id: string; createdAt: Date; expiresAt: Date }>`SELECT id, "createdAt", "expiresAt" FROM session
      WHERE "userId" = ${account.userId} AND (${id ?? null}::text IS NULL OR id = ${id ?? null}) ORDER BY "createdAt" DESC LIMIT 1`.execute(
      portal.db,
    )
  ).rows[0]!;
const setSession = (id: string, values: { createdAt?: Date; expiresAt?: Date }) =>
  sql`UPDATE session SET "createdAt" = coalesce(${values.createdAt ?? null}::timestamptz, "createdAt"),
        "expiresAt" = coalesce(${values.expiresAt ?? null}::timestamptz, "expiresAt") WHERE id = ${id}`.execute(portal.db);
const me = (cookie: string) => portal.request('/api/office/me', { cookie });
const near = (date: Date, expected: number) => expect(Math.abs(new Date(date).getTime() - expected)).toBeLessThan(5_000);

describe('office sessions', () => {
  it('start with a 60-minute idle deadline that office activity moves forward', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    near(session.expiresAt, Date.now() + 60 * MINUTE);

    await setSession(session.id, { expiresAt: new Date(Date.now() + 5 * MINUTE) });
    expect((await me(cookie)).status).toBe(200);
    near((await latestSession(session.id)).expiresAt, Date.now() + 60 * MINUTE);
  });

  it('end after 60 minutes without activity, on the office API and in Better Auth alike', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    await setSession(session.id, { createdAt: new Date(Date.now() - 61 * MINUTE), expiresAt: new Date(Date.now() - MINUTE) });
    expect((await me(cookie)).status).toBe(401);
    expect(await (await portal.request('/api/auth/get-session', { cookie })).json()).toBeNull();
  });

  it('are not stretched by Better Auth’s session refresh (only office requests are activity)', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const before = await latestSession();
    const res = await portal.request('/api/auth/get-session', { cookie });
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(EMAIL);
    expect(new Date((await latestSession(before.id)).expiresAt).getTime()).toBe(new Date(before.expiresAt).getTime());
  });

  it('end 12 hours after sign-in however active, and activity never moves the end past it', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    const createdAt = new Date(Date.now() - (11 * 60 + 30) * MINUTE);
    await setSession(session.id, { createdAt, expiresAt: new Date(Date.now() + MINUTE) });
    expect((await me(cookie)).status).toBe(200);
    near((await latestSession(session.id)).expiresAt, createdAt.getTime() + 12 * 60 * MINUTE);

    // Were the deadline pushed past the 12 hours by other means, the office API still ends it.
    await setSession(session.id, {
      createdAt: new Date(Date.now() - 12 * 60 * MINUTE - MINUTE),
      expiresAt: new Date(Date.now() + 30 * MINUTE),
    });
    const ended = await me(cookie);
    expect(ended.status).toBe(401);
    expect(await ended.json()).toEqual({
      error: { code: 'session_ended', message: 'Your session has ended. Please sign in again.', requestId: expect.any(String) },
    });
    expect((await sql`SELECT 1 FROM session WHERE id = ${session.id}`.execute(portal.db)).rows).toEqual([]);
  });

  it('end when the account’s two-factor is off, whatever the session', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    await portal.db.updateTable('user').set({ twoFactorEnabled: false }).where('id', '=', account.userId).execute();
    try {
      expect((await me(cookie)).status).toBe(401);
    } finally {
      await portal.db.updateTable('user').set({ twoFactorEnabled: true }).where('id', '=', account.userId).execute();
    }
  });
});

/**
 * A session checked a moment ago is served from the office's session cache on PostgreSQL
 * (office/session-cache.ts); every change to the session or the account reaches it through the
 * database's announcement, within moments (polled: the announcement arrives on its own connection).
 */
describe('office sessions checked a moment ago', () => {
  const soon = { timeout: 3_000, interval: 50 };

  it('are refused once the session is deleted by SQL (an operator revoking it)', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    expect((await me(cookie)).status).toBe(200);
    expect((await me(cookie)).status).toBe(200);
    await sql`DELETE FROM session WHERE id = ${session.id}`.execute(portal.db);
    await expect.poll(async () => (await me(cookie)).status, soon).toBe(401);
  });

  it('still end after 60 minutes without activity', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    expect((await me(cookie)).status).toBe(200);
    await setSession(session.id, { expiresAt: new Date(Date.now() - MINUTE) });
    await expect.poll(async () => (await me(cookie)).status, soon).toBe(401);
  });

  it('still move the idle deadline forward, from the deadline the database holds', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    const session = await latestSession();
    expect((await me(cookie)).status).toBe(200);
    await setSession(session.id, { expiresAt: new Date(Date.now() + 5 * MINUTE) });
    await expect
      .poll(async () => {
        expect((await me(cookie)).status).toBe(200);
        return Math.abs(new Date((await latestSession(session.id)).expiresAt).getTime() - (Date.now() + 60 * MINUTE)) < 5_000;
      }, soon)
      .toBe(true);
  });

  it('end when the account’s two-factor is turned off', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    expect((await me(cookie)).status).toBe(200);
    await portal.db.updateTable('user').set({ twoFactorEnabled: false }).where('id', '=', account.userId).execute();
    try {
      await expect.poll(async () => (await me(cookie)).status, soon).toBe(401);
    } finally {
      await portal.db.updateTable('user').set({ twoFactorEnabled: true }).where('id', '=', account.userId).execute();
    }
  });

  it('are not found by a cookie Better Auth never verified (the signature altered)', async () => {
    const cookie = await signInOffice(portal, EMAIL, account.secret);
    expect((await me(cookie)).status).toBe(200);
    const [name, value] = [cookie.slice(0, cookie.indexOf('=')), cookie.slice(cookie.indexOf('=') + 1)];
    const altered = `${name}=${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await me(altered)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
  });
});
