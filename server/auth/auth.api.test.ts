import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, sessionCookie, type TestPortal } from '../test/harness';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const register = (email: string, body: Record<string, unknown> = {}) =>
  portal.request('/api/auth/sign-up/email', {
    body: { email, password: 'correct-horse-battery', name: 'Rosa Díaz', phone: '555-0101', address: '12 Oak St', callbackURL: '/', ...body },
  });

describe('registration', () => {
  it('creates the account and its customers row with name, phone and address', async () => {
    const res = await register('Rosa@Example.com');
    expect(res.status).toBe(200);
    const row = await portal.db.selectFrom('customers').selectAll().where(sql`lower(email)`, '=', 'rosa@example.com').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Rosa Díaz', phone: '555-0101', address: '12 Oak St', account_number: null });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('queues a confirmation e-mail in the language chosen at sign-up', async () => {
    await register('luis@example.com', { locale: 'es' });
    const mail = await portal.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'luis@example.com').executeTakeFirstOrThrow();
    expect(mail.kind).toBe('verify-email');
    expect(mail.subject).toMatch(/Confirme su correo/);
    expect(mail.text_body).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it('gives no session and no records before the e-mail is confirmed', async () => {
    const res = await register('unconfirmed@example.com');
    expect(sessionCookie(res)).toBeUndefined();
    const login = await portal.request('/api/auth/sign-in/email', { body: { email: 'unconfirmed@example.com', password: 'correct-horse-battery' } });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('refuses a missing field', async () => {
    const res = await portal.request('/api/auth/sign-up/email', { body: { email: 'x@example.com', name: 'X' } });
    expect(res.status).toBe(400);
  });
});

describe('confirmation link and sessions', () => {
  it('confirms, signs in and lands on /; the session is then valid and logout revokes it', async () => {
    const cookie = await portal.signUp('carla@example.com');
    const session = await portal.request('/api/auth/get-session', { cookie });
    expect((await session.json()).user).toMatchObject({ email: 'carla@example.com', emailVerified: true });

    const out = await portal.request('/api/auth/sign-out', { body: {}, cookie });
    expect(out.status).toBe(200);
    const after = await portal.request('/api/auth/get-session', { cookie });
    expect(await after.json()).toBeNull();
  });

  it('an invalid link does not sign anyone in', async () => {
    const res = await portal.request('/api/auth/verify-email?token=not-a-token&callbackURL=/');
    expect(sessionCookie(res)).toBeUndefined();
    expect(res.headers.get('location') ?? '').toContain('error=');
  });

  it('creates a missing customers row again at the next sign-in', async () => {
    await portal.signUp('repair@example.com');
    await portal.db.deleteFrom('customers').where('email', '=', 'repair@example.com').execute();
    const login = await portal.request('/api/auth/sign-in/email', { body: { email: 'repair@example.com', password: 'correct-horse-battery' } });
    expect(login.status).toBe(200);
    const row = await portal.db.selectFrom('customers').select('name').where('email', '=', 'repair@example.com').executeTakeFirst();
    expect(row?.name).toBe('Test Customer');
  });

  it('answers a wrong password with 401', async () => {
    await portal.signUp('wrongpw@example.com');
    const res = await portal.request('/api/auth/sign-in/email', { body: { email: 'wrongpw@example.com', password: 'nope-nope-nope' } });
    expect(res.status).toBe(401);
  });

  it('refuses a cross-site POST carrying the session cookie', async () => {
    const cookie = await portal.signUp('csrf@example.com');
    const res = await portal.request('/api/auth/update-user', {
      body: { name: 'Hijacked' },
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
  });
});

describe('password reset', () => {
  it('e-mails a link whose token sets a new password and revokes old sessions', async () => {
    const cookie = await portal.signUp('reset@example.com');
    const ask = await portal.request('/api/auth/request-password-reset', { body: { email: 'reset@example.com', redirectTo: '/reset-password' } });
    expect(ask.status).toBe(200);
    const mail = await portal.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'reset@example.com').where('kind', '=', 'reset-password').executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    const follow = await portal.request(link.pathname + link.search);
    const token = new URL(follow.headers.get('location')!, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();
    const reset = await portal.request('/api/auth/reset-password', { body: { newPassword: 'brand-new-password', token } });
    expect(reset.status).toBe(200);
    expect(await (await portal.request('/api/auth/get-session', { cookie })).json()).toBeNull();
    const login = await portal.request('/api/auth/sign-in/email', { body: { email: 'reset@example.com', password: 'brand-new-password' } });
    expect(login.status).toBe(200);
  });
});

describe('rate limits', () => {
  it('key on the socket address: a spoofed x-forwarded-for does not reset them', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await portal.request('/api/auth/sign-in/email', {
        // A different e-mail each time, so the per-account lockout is not what answers.
        body: { email: `nobody${i}@example.com`, password: 'wrong-password' },
        ip: '203.0.113.7',
        headers: { 'x-forwarded-for': `10.0.0.${i}`, 'x-portal-client-ip': `10.1.0.${i}` },
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});

describe('per-account lockout', () => {
  it(`locks an account after ${8} wrong passwords from many addresses, and the right password then waits too`, async () => {
    await portal.signUp('locked@example.com');
    for (let i = 0; i < 8; i++) {
      const res = await portal.request('/api/auth/sign-in/email', { body: { email: 'Locked@example.com', password: `wrong-${i}-password` } });
      expect(res.status).toBe(401);
    }
    const blocked = await portal.request('/api/auth/sign-in/email', { body: { email: 'locked@example.com', password: 'correct-horse-battery' } });
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });

    // The window passes.
    await portal.db.updateTable('sign_in_failures').set({ failed_at: new Date(Date.now() - 16 * 60_000) }).execute();
    const ok = await portal.request('/api/auth/sign-in/email', { body: { email: 'locked@example.com', password: 'correct-horse-battery' } });
    expect(ok.status).toBe(200);
    const left = await portal.db.selectFrom('sign_in_failures').selectAll().where('email', '=', 'locked@example.com').execute();
    expect(left).toEqual([]);
  });
});
