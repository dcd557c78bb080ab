import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, forgetUsedCodes, OFFICE_PASSWORD, passwordStep, signInOffice, totpCode } from '../../../tests/support/office';

/** Issue 21, items 9 and 10: office password changes and resets are audited and answered truly; the cookie lives 12 hours. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const auditOf = (email: string, action: string) =>
  portal.db.selectFrom('audit_log').selectAll().where('actor_email', '=', email).where('action', '=', action).execute();
const me = (cookie: string) => portal.request('/api/office/me', { cookie });

describe('office password change', () => {
  it('with revokeOtherSessions: answers 200, keeps the caller signed in, ends the other sessions, and is audited', async () => {
    const ann = await createOfficeAccount(portal, 'ann@company.example', 'staff');
    const otherBrowser = await signInOffice(portal, 'ann@company.example', ann.secret);
    const res = await portal.request('/api/auth/change-password', {
      body: { currentPassword: OFFICE_PASSWORD, newPassword: 'a-brand-new-office-pass', revokeOtherSessions: true },
      cookie: ann.cookie,
      ip: '192.0.2.77',
    });
    expect(res.status).toBe(200);
    // A browser keeps the last of the session cookies the answer sets: the new session's.
    const newCookie = res.headers
      .getSetCookie()
      .filter((c) => c.startsWith('portal.session_token='))
      .at(-1)!
      .split(';')[0]!;
    expect((await me(newCookie)).status).toBe(200);
    expect((await me(otherBrowser)).status).toBe(401);
    expect((await me(ann.cookie)).status).toBe(401);
    expect(await auditOf('ann@company.example', 'change-password')).toMatchObject([
      { entity: 'user', entity_id: ann.userId, after: { sessionsEnded: 'others' }, ip: '192.0.2.77' },
    ]);
    // The new password is the one that works.
    expect((await passwordStep(portal, 'ann@company.example', 'a-brand-new-office-pass')).res.status).toBe(200);
  });

  it('without revokeOtherSessions: audited too; a wrong current password changes nothing and writes nothing', async () => {
    const bo = await createOfficeAccount(portal, 'bo@company.example', 'staff');
    const wrong = await portal.request('/api/auth/change-password', {
      body: { currentPassword: 'not-my-password', newPassword: 'another-new-office-pass' },
      cookie: bo.cookie,
    });
    expect(wrong.status).toBe(400);
    expect(await auditOf('bo@company.example', 'change-password')).toEqual([]);
    const res = await portal.request('/api/auth/change-password', {
      body: { currentPassword: OFFICE_PASSWORD, newPassword: 'another-new-office-pass' },
      cookie: bo.cookie,
    });
    expect(res.status).toBe(200);
    expect(await auditOf('bo@company.example', 'change-password')).toMatchObject([{ after: { sessionsEnded: 'none' } }]);
  });
});

describe('office password reset', () => {
  it('is audited in the name of the account, with the address it came from', async () => {
    const cy = await createOfficeAccount(portal, 'cy@company.example', 'staff');
    await portal.request('/api/auth/request-password-reset', { body: { email: 'cy@company.example', redirectTo: '/reset-password' } });
    const token = await resetToken('cy@company.example');
    const res = await portal.request('/api/auth/reset-password', {
      body: { newPassword: 'reset-office-password-1', token },
      ip: '192.0.2.78',
    });
    expect(res.status).toBe(200);
    expect(await auditOf('cy@company.example', 'reset-password')).toMatchObject([
      { entity: 'user', entity_id: cy.userId, after: { sessionsEnded: 'all' }, ip: '192.0.2.78' },
    ]);
  });
});

describe('office session cookie', () => {
  it('lives 12 hours, as the session does (a customer’s keeps its 30 days)', async () => {
    const dee = await createOfficeAccount(portal, 'dee@company.example', 'staff');
    await forgetUsedCodes(portal, 'dee@company.example');
    const { cookie } = await passwordStep(portal, 'dee@company.example');
    const res = await portal.request('/api/auth/two-factor/verify-totp', { body: { code: totpCode(dee.secret) }, cookie });
    expect(res.status).toBe(200);
    const line = res.headers.getSetCookie().find((c) => c.startsWith('portal.session_token='))!;
    expect(line).toMatch(/Max-Age=(43200|4319\d)(;|$)/);
  });
});

async function resetToken(to: string): Promise<string> {
  // The reset e-mail is queued after the answer: wait for the row, not for a time.
  await expect
    .poll(() =>
      portal.db.selectFrom('mail_outbox').select('id').where('to_address', '=', to).where('kind', '=', 'reset-password').execute(),
    )
    .toHaveLength(1);
  const mail = await portal.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .where('kind', '=', 'reset-password')
    .executeTakeFirstOrThrow();
  return new URL(mail.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;
}
