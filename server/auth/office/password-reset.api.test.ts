import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, signInOffice } from '../../../tests/support/office';

/** "Forgot password?" for an office account: the e-mail names the office and leads to it; the code is still needed. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const resetMail = async (to: string) => {
  for (let i = 0; i < 50; i++) {
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .where('kind', '=', 'reset-password')
      .executeTakeFirst();
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100)); // the e-mail is queued after the answer (timing does not tell)
  }
  throw new Error(`no reset e-mail for ${to}`);
};

describe('password reset of an office account', () => {
  it('says office, not customer portal, and its link opens the office; the new password still needs the code', async () => {
    const sam = await createOfficeAccount(portal, 'sam@company.example', 'staff');
    const ask = await portal.request('/api/auth/request-password-reset', {
      body: { email: 'sam@company.example', redirectTo: '/reset-password' },
    });
    expect(ask.status).toBe(200);
    const mail = await resetMail('sam@company.example');
    expect(mail.subject).toBe('Reset your Northwind Builders (demo) office password');
    expect(mail.text_body).toContain('office account');
    expect(mail.text_body).not.toMatch(/customer portal/i);
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    expect(link.origin + link.pathname).toBe('http://localhost:3000/office/reset-password');

    const reset = await portal.request('/api/auth/reset-password', {
      body: { newPassword: 'office-new-password', token: link.searchParams.get('token') },
    });
    expect(reset.status).toBe(200);
    const password = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'sam@company.example', password: 'office-new-password' },
    });
    expect(password.headers.getSetCookie().some((c) => c.startsWith('portal.session_token=') && !c.includes('Max-Age=0'))).toBe(false);
    const cookie = await signInOffice(portal, 'sam@company.example', sam.secret, 'office-new-password');
    expect((await portal.request('/api/office/me', { cookie })).status).toBe(200);
  });

  it("a customer's reset e-mail keeps its customer portal wording and link", async () => {
    await portal.signUp('carla@example.com');
    await portal.request('/api/auth/request-password-reset', { body: { email: 'carla@example.com', redirectTo: '/reset-password' } });
    const mail = await resetMail('carla@example.com');
    expect(mail.text_body).toContain('customer portal');
    expect(mail.text_body).not.toContain('/office/');
  });
});
