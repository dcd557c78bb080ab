import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

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
