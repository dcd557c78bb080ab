import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** Issue 21, item 2: an invitation does not outlive its sender's right to invite. */
let portal: TestPortal;
let boss: Awaited<ReturnType<typeof createOfficeAccount>>;

beforeAll(async () => {
  portal = await createTestPortal();
  boss = await createOfficeAccount(portal, 'boss@company.example', 'owner');
});
afterAll(() => portal?.close());

const staffPost = (path: string, cookie: string, body: unknown = {}) =>
  portal.request(`/api/office/staff${path}`, { body, cookie, ip: '192.0.2.20' });

/** An owner who invites someone through the office; answers the invited account and its link's token. */
async function ownerWithPendingInvitation(ownerEmail: string, invitedEmail: string) {
  const owner = await createOfficeAccount(portal, ownerEmail, 'owner');
  const res = await staffPost('/invite', owner.cookie, { email: invitedEmail, role: 'owner' });
  expect(res.status).toBe(201);
  const invited = (await res.json()) as { id: string };
  const mail = await portal.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', invitedEmail)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const token = new URL(mail.text_body.match(/http\S+\/office\/setup\?token=\S+/)![0]).searchParams.get('token')!;
  return { owner, invitedId: invited.id, token };
}

const withdrawn = {
  code: 'invitation_withdrawn',
  message: 'This invitation was withdrawn because the person who sent it can no longer invite. Ask an owner for a new one.',
};
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('an invitation whose sender may no longer invite', () => {
  it('ends when its sender is suspended: the link is refused at every step, and the withdrawal is audited', async () => {
    const { owner, invitedId, token } = await ownerWithPendingInvitation('rogue@company.example', 'friend@company.example');
    expect((await portal.request('/api/office/setup/check', { body: { token } })).status).toBe(200);

    expect((await staffPost(`/${owner.userId}/suspend`, boss.cookie)).status).toBe(200);

    for (const [step, body] of [
      ['check', { token }],
      ['password', { token, password: 'a-long-new-password-1' }],
      ['finish', { token, password: 'a-long-new-password-1', code: '123456' }],
    ] as const) {
      const res = await portal.request(`/api/office/setup/${step}`, { body });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject(withdrawn);
    }
    const rows = await portal.db.selectFrom('audit_log').selectAll().where('action', '=', 'withdraw-invitation').execute();
    expect(rows).toMatchObject([
      {
        actor_email: 'boss@company.example',
        entity: 'user',
        entity_id: invitedId,
        before: { invitedBy: 'rogue@company.example' },
        after: { withdrawn: true, reason: 'suspended' },
        ip: '192.0.2.20',
      },
    ]);
  });

  it('ends when its sender is demoted to staff', async () => {
    const { owner, invitedId, token } = await ownerWithPendingInvitation('former@company.example', 'pal@company.example');
    expect((await staffPost(`/${owner.userId}/role`, boss.cookie, { role: 'staff' })).status).toBe(200);

    const res = await portal.request('/api/office/setup/password', { body: { token, password: 'a-long-new-password-1' } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject(withdrawn);
    const row = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'withdraw-invitation')
      .where('entity_id', '=', invitedId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ actor_email: 'boss@company.example', after: { withdrawn: true, reason: 'demoted' } });
  });

  it('another owner can send the invited person a fresh link, which works', async () => {
    const { owner, invitedId } = await ownerWithPendingInvitation('leaver@company.example', 'newbie@company.example');
    await staffPost(`/${owner.userId}/suspend`, boss.cookie);
    expect((await staffPost(`/${invitedId}/setup-link`, boss.cookie)).status).toBe(200);
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'newbie@company.example')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = new URL(mail.text_body.match(/http\S+\/office\/setup\?token=\S+/)![0]).searchParams.get('token')!;
    expect((await portal.request('/api/office/setup/check', { body: { token } })).status).toBe(200);
  });
});
