import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { inviteOffice, OFFICE_PASSWORD, totpCode } from '../../../tests/support/office';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const step = (name: 'check' | 'password' | 'finish', body: Record<string, unknown>) =>
  portal.request(`/api/office/setup/${name}`, { body });
/** The error's code and message (each answer also carries its own requestId). */
const errorOf = async (res: Response) => {
  const { code, message } = ((await res.json()) as { error: { code: string; message: string } }).error;
  return { code, message };
};

describe('invitation', () => {
  it('creates an office account with no password, queues the link in the chosen language, keeps only a hash of the token', async () => {
    const invitation = await inviteOffice(portal, 'Lucia@Company.example', 'staff', 'es');
    expect(invitation.link).toMatch(/^http:\/\/localhost:3000\/office\/setup\?token=[\w-]{43}$/);
    expect(invitation.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);

    const user = await portal.db
      .selectFrom('user')
      .select(['id', 'role', 'emailVerified', 'twoFactorEnabled', 'locale'])
      .where('email', '=', 'lucia@company.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'staff', emailVerified: true, twoFactorEnabled: false, locale: 'es' });
    const accounts = await sql`SELECT 1 FROM account WHERE "userId" = ${user.id}`.execute(portal.db);
    expect(accounts.rows).toEqual([]);

    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'lucia@company.example')
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'office-invite', subject: 'Configura tu cuenta de oficina de Northwind Builders (demo)' });
    expect(mail.text_body).toContain(invitation.link);
    expect(mail.text_body).toContain('24 horas');

    const stored = await portal.db.selectFrom('office_setup_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(invitation.token);
    const audit = await portal.db.selectFrom('audit_log').selectAll().where('entity_id', '=', user.id).execute();
    expect(audit).toMatchObject([
      { actor_email: 'command-line', action: 'invite', entity: 'user', after: { email: 'lucia@company.example', role: 'staff' } },
    ]);
  });

  it('refuses a confirmed customer’s address, and replaces a registration nobody confirmed', async () => {
    await portal.signUp('customer@example.com');
    await expect(inviteOffice(portal, 'customer@example.com')).rejects.toThrow('This address belongs to a customer account.');
    await portal.request('/api/auth/sign-up/email', {
      body: { email: 'squatter@company.example', password: 'whatever-123', name: 'X', phone: '1', address: '2', callbackURL: '/' },
    });
    const invitation = await inviteOffice(portal, 'squatter@company.example', 'owner');
    const user = await portal.db
      .selectFrom('user')
      .select(['id', 'role'])
      .where('email', '=', 'squatter@company.example')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ id: invitation.userId, role: 'owner' });
  });

  it('sends a new link to an account not set up yet: only the newest link works', async () => {
    const first = await inviteOffice(portal, 'twice@company.example');
    const second = await inviteOffice(portal, 'twice@company.example', 'owner');
    expect(second.userId).toBe(first.userId);
    expect((await step('check', { token: first.token })).status).toBe(400);
    const check = await step('check', { token: second.token });
    expect(await check.json()).toEqual({ email: 'twice@company.example', name: 'twice', role: 'owner' });
  });
});

describe('set-up', () => {
  it('sets the password, enrols the authenticator, and answers ten backup codes once', async () => {
    const { token, userId } = await inviteOffice(portal, 'mateo@company.example', 'staff');
    const tooShort = await step('password', { token, password: 'short' });
    expect(tooShort.status).toBe(400);
    expect((await errorOf(tooShort)).message).toContain('at least 8 characters');
    // The customers' rule (sign-up, reset): none of the most common passwords, with the same message.
    const common = await step('password', { token, password: 'Password123' });
    expect(common.status).toBe(400);
    expect(await errorOf(common)).toEqual({
      code: 'password_too_common',
      message: 'This password is one of the most common ones. Please choose another.',
    });
    expect((await sql`SELECT 1 FROM account WHERE "userId" = ${userId}`.execute(portal.db)).rows).toEqual([]);

    const enrol = await step('password', { token, password: OFFICE_PASSWORD });
    expect(enrol.status).toBe(200);
    expect(enrol.headers.get('cache-control')).toBe('no-store');
    const { totpUri, secret } = (await enrol.json()) as { totpUri: string; secret: string };
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Northwind%20Builders%20\(demo\):mateo%40company\.example\?secret=[A-Z2-7]+&issuer=/);
    expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
    // Nothing is signed in yet, and no session was left behind on the server.
    expect(enrol.headers.getSetCookie()).toEqual([]);
    expect((await sql`SELECT 1 FROM session WHERE "userId" = ${userId}`.execute(portal.db)).rows).toEqual([]);

    const wrongCode = await step('finish', { token, password: OFFICE_PASSWORD, code: totpCode(secret, Date.now() - 10 * 60_000) });
    expect(wrongCode.status).toBe(400);
    expect(await errorOf(wrongCode)).toEqual({ code: 'invalid_code', message: 'That code is not valid.' });
    const wrongPassword = await step('finish', { token, password: 'not-the-password', code: totpCode(secret) });
    expect(wrongPassword.status).toBe(400);

    const done = await step('finish', { token, password: OFFICE_PASSWORD, code: totpCode(secret) });
    expect(done.status).toBe(200);
    const { backupCodes } = (await done.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    expect(done.headers.getSetCookie()).toEqual([]);

    const user = await portal.db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.twoFactorEnabled).toBe(true);
    expect((await sql`SELECT 1 FROM session WHERE "userId" = ${userId}`.execute(portal.db)).rows).toEqual([]);
    // The link is used up: the codes are never shown again.
    const again = await step('finish', { token, password: OFFICE_PASSWORD, code: totpCode(secret) });
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe('setup_link_invalid');
    const actions = await portal.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email'])
      .where('entity_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'invite', actor_email: 'command-line' },
      { action: 'set-up', actor_email: 'mateo@company.example' },
    ]);
  });

  it('refuses an expired, unknown or malformed link', async () => {
    const { token, userId } = await inviteOffice(portal, 'late@company.example');
    await portal.db
      .updateTable('office_setup_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    for (const body of [{ token }, { token: 'A'.repeat(43) }, { token: 'not a token' }, {}]) {
      const res = await step('check', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const expired = await errorOf(await step('password', { token, password: OFFICE_PASSWORD }));
    expect(expired).toEqual({
      code: 'setup_link_invalid',
      message: 'This set-up link is not valid, was already used or has expired. Ask an owner for a new one.',
    });
  });

  it('is refused from another site', async () => {
    const { token } = await inviteOffice(portal, 'csrf@company.example');
    const res = await portal.request('/api/office/setup/password', {
      body: { token, password: OFFICE_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});
