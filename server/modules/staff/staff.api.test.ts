import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, passwordStep, signInOffice } from '../../../tests/support/office';

/** The owner's staff routes: list, invite, suspend, role. */
let portal: TestPortal;
let owner: Awaited<ReturnType<typeof createOfficeAccount>>;
let staff: Awaited<ReturnType<typeof createOfficeAccount>>;

beforeAll(async () => {
  portal = await createTestPortal();
  owner = await createOfficeAccount(portal, 'boss@company.example', 'owner');
  staff = await createOfficeAccount(portal, 'sam@company.example', 'staff');
});
afterAll(() => portal?.close());

const post = (path: string, cookie: string, body: unknown = {}) =>
  portal.request(`/api/office/staff${path}`, { body, cookie, ip: '192.0.2.10' });
const auditRows = (action: string) => portal.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();

describe('staff routes', () => {
  it('are for owners only', async () => {
    expect((await portal.request('/api/office/staff', { cookie: staff.cookie })).status).toBe(403);
    const res = await post('/invite', staff.cookie, { email: 'x@company.example', role: 'owner' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: 'forbidden', message: 'Only an owner can do this.', requestId: expect.any(String) },
    });
    expect((await post(`/${owner.userId}/suspend`, staff.cookie)).status).toBe(403);
  });

  it('list every office account and no customer', async () => {
    await portal.signUp('client@example.com');
    const res = await portal.request('/api/office/staff', { cookie: owner.cookie });
    const { staff: list } = (await res.json()) as { staff: { email: string; role: string; setUp: boolean; suspended: boolean }[] };
    expect(list.map((s) => [s.email, s.role, s.setUp, s.suspended])).toEqual([
      ['boss@company.example', 'owner', true, false],
      ['sam@company.example', 'staff', true, false],
    ]);
  });

  it('invite: creates the account, e-mails the link (not to the owner), audits who invited', async () => {
    const res = await post('/invite', owner.cookie, { email: 'New.Hire@company.example', role: 'staff', name: 'New Hire' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ email: 'new.hire@company.example', role: 'staff' });
    expect(JSON.stringify(body)).not.toContain('token');
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'new.hire@company.example')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Set up your Northwind Builders (demo) office account');
    expect(mail.text_body).toMatch(/\/office\/setup\?token=/);
    expect((await auditRows('invite')).at(-1)).toMatchObject({ actor_email: 'boss@company.example', entity_id: body.id, ip: '192.0.2.10' });

    const customer = await post('/invite', owner.cookie, { email: 'client@example.com', role: 'staff' });
    expect(customer.status).toBe(409);
    expect((await post('/invite', owner.cookie, { email: 'x@company.example', role: 'customer' })).status).toBe(400);
  });

  it('role change: takes effect at once and is audited; never for one’s own account', async () => {
    const res = await post(`/${staff.userId}/role`, owner.cookie, { role: 'owner' });
    expect(res.status).toBe(200);
    expect((await portal.request('/api/office/staff', { cookie: staff.cookie })).status).toBe(200);
    await post(`/${staff.userId}/role`, owner.cookie, { role: 'staff' });
    expect((await portal.request('/api/office/staff', { cookie: staff.cookie })).status).toBe(403);
    expect((await auditRows('set-role')).map((r) => [r.before, r.after])).toEqual([
      [{ role: 'staff' }, { role: 'owner' }],
      [{ role: 'owner' }, { role: 'staff' }],
    ]);
    expect((await post(`/${owner.userId}/role`, owner.cookie, { role: 'staff' })).status).toBe(400);
    expect((await post(`/${staff.userId}/role`, owner.cookie, { role: 'customer' })).status).toBe(400);
  });

  it('suspend: ends every session of the account at once, and it cannot sign in again', async () => {
    const other = await createOfficeAccount(portal, 'leaving@company.example', 'staff');
    // Two browsers signed in: both sessions end.
    const cookies = [other.cookie, await signInOffice(portal, 'leaving@company.example', other.secret)];
    const res = await post(`/${other.userId}/suspend`, owner.cookie);
    expect(res.status).toBe(200);
    for (const cookie of cookies) expect((await portal.request('/api/office/me', { cookie })).status).toBe(401);
    const left = await sql`SELECT 1 FROM session WHERE "userId" = ${other.userId}`.execute(portal.db);
    expect(left.rows).toEqual([]);

    const { res: again, cookie } = await passwordStep(portal, 'leaving@company.example');
    expect(again.status).toBe(403);
    expect(cookie).not.toMatch(/session_token|two_factor/);
    expect((await auditRows('suspend')).at(-1)).toMatchObject({
      actor_email: 'boss@company.example',
      entity_id: other.userId,
      after: { suspended: true },
    });
  });

  it('suspend: refuses the owner’s own account, a customer and an unknown id', async () => {
    expect((await post(`/${owner.userId}/suspend`, owner.cookie)).status).toBe(400);
    const customer = await portal.db.selectFrom('user').select('id').where('email', '=', 'client@example.com').executeTakeFirstOrThrow();
    expect((await post(`/${customer.id}/suspend`, owner.cookie)).status).toBe(404);
    expect((await post('/no-such-user/suspend', owner.cookie)).status).toBe(404);
    expect((await post('/bad%20id/suspend', owner.cookie)).status).toBe(400);
  });
});
