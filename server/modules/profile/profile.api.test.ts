import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../contracts/account-limits';
import { createTestPortal, sessionCookie, type TestPortal } from '../../../tests/support/harness';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

describe('GET /api/profile', () => {
  it("gives the signed-in customer's row: name, e-mail, phone, address, account number, joined", async () => {
    const cookie = await portal.signUp('rosa@example.com', { name: 'Rosa Díaz', phone: '555-0101', address: '12 Oak St' });
    await portal.db.updateTable('customers').set({ account_number: 'AC-1001' }).where('email', '=', 'rosa@example.com').execute();
    await portal.signUp('other@example.com', { name: 'Someone Else' });

    const res = await portal.request('/api/profile', { cookie });
    expect(res.status).toBe(200);
    const profile = (await res.json()) as Record<string, string>;
    expect(profile).toMatchObject({
      name: 'Rosa Díaz',
      email: 'rosa@example.com',
      phone: '555-0101',
      address: '12 Oak St',
      account_number: 'AC-1001',
    });
    expect(Date.now() - new Date(profile.created_at!).getTime()).toBeLessThan(60_000);
  });

  it('finds the row whatever the case of its e-mail, and gives null for empty phone, address and account number', async () => {
    const cookie = await portal.signUp('luis@example.com');
    await portal.db
      .updateTable('customers')
      .set({ email: 'Luis@Example.COM', phone: '', address: null, account_number: '  ' })
      .where('email', '=', 'luis@example.com')
      .execute();
    const res = await portal.request('/api/profile', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: 'Luis@Example.COM', phone: null, address: null, account_number: null });
  });

  it('answers 404 not_found when the account has no customers row', async () => {
    const cookie = await portal.signUp('ghost@example.com');
    await portal.db.deleteFrom('customers').where('email', '=', 'ghost@example.com').execute();
    const res = await portal.request('/api/profile', { cookie });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('answers 401 when signed out', async () => {
    expect((await portal.request('/api/profile')).status).toBe(401);
  });
});

describe('POST /api/profile', () => {
  it("saves the customer's own name, phone and address (trimmed; empty clears), which the office's customer page then shows", async () => {
    const cookie = await portal.signUp('edit@example.com', { name: 'Old Name', phone: '555-0000', address: 'Old Street' });
    await portal.db.updateTable('customers').set({ account_number: 'AC-7' }).where('email', '=', 'edit@example.com').execute();
    const res = await portal.request('/api/profile', { cookie, body: { name: '  Eda Nuñez ', phone: '', address: '9 New Road' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Eda Nuñez', phone: null, address: '9 New Road', account_number: 'AC-7' });
    const row = await portal.db
      .selectFrom('customers')
      .select(['name', 'phone', 'address', 'account_number', 'email'])
      .where('email', '=', 'edit@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Eda Nuñez', phone: null, address: '9 New Road', account_number: 'AC-7', email: 'edit@example.com' });
  });

  it('refuses what registration refuses: a missing name, too long values, other fields (e-mail, account number)', async () => {
    const cookie = await portal.signUp('strict@example.com', { name: 'Strict' });
    const refused = async (body: unknown, message: RegExp) => {
      const res = await portal.request('/api/profile', { cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    };
    await refused({ name: '   ', phone: null, address: null }, /Full name is required/);
    await refused({ name: 'x'.repeat(ACCOUNT_LIMITS.name + 1), phone: null, address: null }, /at most 120/);
    await refused({ name: 'Ok', phone: '1'.repeat(ACCOUNT_LIMITS.phone + 1), address: null }, /Phone must be at most 40/);
    await refused({ name: 'Ok', phone: null, address: 'a'.repeat(ACCOUNT_LIMITS.address + 1) }, /Address must be at most 300/);
    await refused({ name: 'Ok', phone: null, address: null, email: 'someone@else.example' }, /email/i);
    await refused({ name: 'Ok', phone: null, address: null, account_number: 'AC-1' }, /account_number/);
    expect(await portal.db.selectFrom('customers').select('name').where('email', '=', 'strict@example.com').executeTakeFirst()).toEqual({
      name: 'Strict',
    });
  });

  it("changes only the signed-in customer's row, even when another row shares the name", async () => {
    const mine = await portal.signUp('mine@example.com', { name: 'Same Name' });
    await portal.signUp('theirs@example.com', { name: 'Same Name' });
    expect((await portal.request('/api/profile', { cookie: mine, body: { name: 'Mine Now', phone: null, address: null } })).status).toBe(
      200,
    );
    const names = await portal.db
      .selectFrom('customers')
      .select(['email', 'name'])
      .where('email', 'in', ['mine@example.com', 'theirs@example.com'])
      .orderBy('email')
      .execute();
    expect(names).toEqual([
      { email: 'mine@example.com', name: 'Mine Now' },
      { email: 'theirs@example.com', name: 'Same Name' },
    ]);
  });

  it('answers 404 without a customers row and 401 when signed out', async () => {
    const cookie = await portal.signUp('nobody@example.com');
    await portal.db.deleteFrom('customers').where('email', '=', 'nobody@example.com').execute();
    expect((await portal.request('/api/profile', { cookie, body: { name: 'X', phone: null, address: null } })).status).toBe(404);
    expect((await portal.request('/api/profile', { body: { name: 'X', phone: null, address: null } })).status).toBe(401);
  });
});

describe('changing the password (Better Auth change-password, as the Profile calls it)', () => {
  it('needs the current password, refuses a common one, and signs out the other devices', async () => {
    const cookie = await portal.signUp('pw@example.com', { password: 'first-password-42' });
    const other = await signInCookie('pw@example.com', 'first-password-42');
    const change = (body: object) => portal.request('/api/auth/change-password', { cookie, body: { revokeOtherSessions: true, ...body } });

    expect((await change({ currentPassword: 'not-the-password', newPassword: 'second-password-42' })).status).toBe(400);
    const common = await change({ currentPassword: 'first-password-42', newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect(((await common.json()) as { code: string }).code).toBe('PASSWORD_TOO_COMMON');

    const ok = await change({ currentPassword: 'first-password-42', newPassword: 'second-password-42' });
    expect(ok.status).toBe(200);
    const kept = sessionCookie(ok) ?? cookie;
    expect((await portal.request('/api/profile', { cookie: kept })).status).toBe(200);
    expect((await portal.request('/api/profile', { cookie: other })).status).toBe(401);
    expect(await signInCookie('pw@example.com', 'second-password-42')).toBeTruthy();
  });
});

async function signInCookie(email: string, password: string) {
  const res = await portal.request('/api/auth/sign-in/email', { body: { email, password } });
  expect(res.status).toBe(200);
  return sessionCookie(res)!;
}
