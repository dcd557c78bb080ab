import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_LINE_ACTOR } from '../../platform/audit';
import { reissueSetupLink } from '../../auth/office/setup-link';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, passwordStep, setUpOffice, signInOffice, totpCode } from '../../../tests/support/office';

/** Unsuspend, and a fresh set-up link for a lost authenticator (office API and `npm run office -- reset`). */
let portal: TestPortal;
let owner: Awaited<ReturnType<typeof createOfficeAccount>>;

beforeAll(async () => {
  portal = await createTestPortal();
  owner = await createOfficeAccount(portal, 'boss@company.example', 'owner');
});
afterAll(() => portal?.close());

const post = (path: string, cookie: string) => portal.request(`/api/office/staff${path}`, { body: {}, cookie, ip: '192.0.2.20' });
const lastAudit = (action: string) =>
  portal.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst();
const tokenOf = (text: string) => new URL(text.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!;

describe('POST /api/office/staff/:id/unsuspend', () => {
  it('lets a suspended account sign in again with its password and authenticator; audited', async () => {
    const sam = await createOfficeAccount(portal, 'sam@company.example', 'staff');
    expect((await post(`/${sam.userId}/suspend`, owner.cookie)).status).toBe(200);
    expect((await passwordStep(portal, 'sam@company.example')).res.status).toBe(403);

    const res = await post(`/${sam.userId}/unsuspend`, owner.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: sam.userId, suspended: false });
    const cookie = await signInOffice(portal, 'sam@company.example', sam.secret);
    expect((await portal.request('/api/office/me', { cookie })).status).toBe(200);
    expect(await lastAudit('unsuspend')).toMatchObject({
      actor_email: 'boss@company.example',
      entity_id: sam.userId,
      before: { suspended: true },
      after: { suspended: false },
      ip: '192.0.2.20',
    });
    // Staff may not, and no owner unsuspends (or resets) their own account here.
    expect((await post(`/${owner.userId}/unsuspend`, cookie)).status).toBe(403);
    expect((await post(`/${owner.userId}/unsuspend`, owner.cookie)).status).toBe(400);
    expect((await post('/no-such-user/unsuspend', owner.cookie)).status).toBe(404);
  });
});

describe('POST /api/office/staff/:id/setup-link', () => {
  it('ends the sessions, stops the old authenticator and backup codes, e-mails a fresh link that sets the account up again', async () => {
    const lee = await createOfficeAccount(portal, 'lee@company.example', 'staff');
    const res = await post(`/${lee.userId}/setup-link`, owner.cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ id: lee.userId, email: 'lee@company.example', role: 'staff', expiresAt: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('token');

    expect((await portal.request('/api/office/me', { cookie: lee.cookie })).status).toBe(401);
    // The password alone gives nothing, and the old authenticator has nothing to answer.
    const { res: step, cookie: challenge } = await passwordStep(portal, 'lee@company.example');
    expect(step.status).toBe(403);
    const oldCode = await portal.request('/api/auth/two-factor/verify-totp', { body: { code: totpCode(lee.secret) }, cookie: challenge });
    expect(oldCode.status).not.toBe(200);

    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', 'lee@company.example')
      .where('kind', '=', 'office-setup-link')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe('A new set-up link for your Northwind Builders (demo) office account');
    const setup = await setUpOffice(portal, tokenOf(mail.text_body), 'a-brand-new-password');
    expect(setup.secret).not.toBe(lee.secret);
    const cookie = await signInOffice(portal, 'lee@company.example', setup.secret, 'a-brand-new-password');
    expect((await portal.request('/api/office/me', { cookie })).status).toBe(200);
    expect(await lastAudit('setup-link')).toMatchObject({
      actor_email: 'boss@company.example',
      entity_id: lee.userId,
      before: { twoFactor: true },
      after: { twoFactor: false, sessionsEnded: true },
      ip: '192.0.2.20',
    });
  });

  it('refuses a suspended account, the owner’s own and a staff caller', async () => {
    const kim = await createOfficeAccount(portal, 'kim@company.example', 'staff');
    expect((await post(`/${kim.userId}/setup-link`, kim.cookie)).status).toBe(403);
    await post(`/${kim.userId}/suspend`, owner.cookie);
    const suspended = await post(`/${kim.userId}/setup-link`, owner.cookie);
    expect(suspended.status).toBe(409);
    expect(await suspended.json()).toMatchObject({ error: { message: 'This office account is suspended.' } });
    expect((await post(`/${owner.userId}/setup-link`, owner.cookie)).status).toBe(400);
  });

  it('`npm run office -- reset` does the same for an owner who lost their own authenticator', async () => {
    const ada = await createOfficeAccount(portal, 'ada@company.example', 'owner');
    const link = await reissueSetupLink(
      { auth: portal.runtime.auth, db: portal.db, config: portal.config },
      { email: 'ADA@company.example' },
      { actor: COMMAND_LINE_ACTOR },
    );
    expect((await portal.request('/api/office/me', { cookie: ada.cookie })).status).toBe(401);
    const setup = await setUpOffice(portal, new URL(link.link).searchParams.get('token')!);
    const cookie = await signInOffice(portal, 'ada@company.example', setup.secret);
    expect((await portal.request('/api/office/staff', { cookie })).status).toBe(200);
    expect(await lastAudit('setup-link')).toMatchObject({ actor_email: COMMAND_LINE_ACTOR, entity_id: ada.userId });
  });
});
