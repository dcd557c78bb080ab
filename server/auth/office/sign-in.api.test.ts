import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, sessionCookie, type TestPortal } from '../../../tests/support/harness';
import {
  authCookies,
  inviteOffice,
  OFFICE_PASSWORD,
  passwordStep,
  setUpOffice,
  signInOffice,
  totpCode,
  forgetUsedCodes,
} from '../../../tests/support/office';

let portal: TestPortal;
let secret: string;
let backupCodes: string[];
const EMAIL = 'ines@company.example';

beforeAll(async () => {
  portal = await createTestPortal();
  const { token } = await inviteOffice(portal, EMAIL, 'staff');
  ({ secret, backupCodes } = await setUpOffice(portal, token));
});
afterAll(() => portal?.close());

const me = (cookie: string) => portal.request('/api/office/me', { cookie });
const verify = (kind: 'totp' | 'backup-code', code: string, cookie: string) =>
  portal.request(`/api/auth/two-factor/verify-${kind}`, { body: { code, trustDevice: true }, cookie });

describe('office sign-in', () => {
  it('with the password only gives a code challenge and no session: nothing is reachable', async () => {
    const { res, cookie } = await passwordStep(portal, EMAIL);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(cookie).toMatch(/two_factor=/);
    expect(cookie).not.toMatch(/session_token=/);
    expect((await me(cookie)).status).toBe(401);
    expect((await portal.request('/api/quotes', { cookie })).status).toBe(401);
    expect(await (await portal.request('/api/auth/get-session', { cookie })).json()).toBeNull();
  });

  it('with the authenticator code gives an office session, and never trusts the device', async () => {
    const { cookie: challenge } = await passwordStep(portal, EMAIL);
    const res = await verify('totp', totpCode(secret), challenge);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.includes('trust_device=') && !/trust_device=;/.test(c))).toBe(false);
    const cookie = sessionCookie(res)!;
    expect(await (await me(cookie)).json()).toMatchObject({ email: EMAIL, name: 'ines', role: 'staff' });
    // The next sign-in asks for a code again.
    const next = await passwordStep(portal, EMAIL);
    expect(await next.res.json()).toMatchObject({ twoFactorRedirect: true });
  });

  it('accepts a backup code once, and refuses a wrong or used code with the same answer', async () => {
    const first = await verify('backup-code', backupCodes[0]!, (await passwordStep(portal, EMAIL)).cookie);
    expect(first.status).toBe(200);
    expect((await me(sessionCookie(first)!)).status).toBe(200);

    const reused = await verify('backup-code', backupCodes[0]!, (await passwordStep(portal, EMAIL)).cookie);
    const wrongBackup = await verify('backup-code', 'AAAAA-BBBBB', (await passwordStep(portal, EMAIL)).cookie);
    const wrongTotp = await verify('totp', '000000' === totpCode(secret) ? '111111' : '000000', (await passwordStep(portal, EMAIL)).cookie);
    const answers = await Promise.all(
      [reused, wrongBackup, wrongTotp].map(async (r) => ({ status: r.status, body: await r.json(), session: sessionCookie(r) ?? '' })),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 401,
        body: { code: 'INVALID_CODE', message: 'That code is not valid.' },
        session: expect.not.stringMatching(/session_token/),
      });
    }
  });

  it('writes each office sign-in to the audit log with the client address', async () => {
    await portal.request('/api/auth/sign-in/email', { body: { email: EMAIL, password: OFFICE_PASSWORD }, ip: '198.51.100.4' });
    const challenge = authCookies(
      await portal.request('/api/auth/sign-in/email', { body: { email: EMAIL, password: OFFICE_PASSWORD }, ip: '198.51.100.4' }),
    )!;
    await forgetUsedCodes(portal, EMAIL); // an earlier test used this period's code
    await portal.request('/api/auth/two-factor/verify-totp', { body: { code: totpCode(secret) }, cookie: challenge, ip: '198.51.100.4' });
    const rows = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'sign-in')
      .where('ip', '=', '198.51.100.4')
      .execute();
    expect(rows).toMatchObject([{ actor_email: EMAIL, entity: 'user', after: { secondFactor: 'authenticator' } }]);
  });

  it('gives an account that has not finished its set-up no session at all', async () => {
    const { token } = await inviteOffice(portal, 'halfway@company.example');
    await portal.request('/api/office/setup/password', { body: { token, password: OFFICE_PASSWORD } });
    const { res, cookie } = await passwordStep(portal, 'halfway@company.example');
    expect(res.status).toBe(403);
    expect(cookie).not.toMatch(/session_token|two_factor/);
    const sessions =
      await sql`SELECT 1 FROM session s JOIN "user" u ON u.id = s."userId" WHERE u.email = 'halfway@company.example'`.execute(portal.db);
    expect(sessions.rows).toEqual([]);
  });

  it('creates no customers row for an office account', async () => {
    await signInOffice(portal, EMAIL, secret);
    const row = await portal.db.selectFrom('customers').select('id').where('email', '=', EMAIL).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});

describe('customers', () => {
  it('sign up with the role customer, keep 30-day sessions, and are refused by the office API', async () => {
    const cookie = await portal.signUp('carmen@example.com');
    const user = await portal.db
      .selectFrom('user')
      .select(['role', 'twoFactorEnabled'])
      .where('email', '=', 'carmen@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'customer', twoFactorEnabled: false });
    const session = (await (await portal.request('/api/auth/get-session', { cookie })).json()) as { session: { expiresAt: string } };
    expect(new Date(session.session.expiresAt).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3_600_000);
    const res = await me(cookie);
    expect(res.status).toBe(403);
    expect((await portal.request('/api/office/staff', { cookie })).status).toBe(403);
  });

  it('cannot reach Better Auth’s admin or two-factor management endpoints', async () => {
    const cookie = await portal.signUp('curious@example.com');
    for (const path of [
      '/api/auth/admin/list-users',
      '/api/auth/admin/set-role',
      '/api/auth/admin/impersonate-user',
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/disable',
    ]) {
      const res = await portal.request(path, { body: { userId: 'x', role: 'owner', password: 'correct-horse-battery' }, cookie });
      expect(res.status, path).toBe(404);
    }
  });
});
