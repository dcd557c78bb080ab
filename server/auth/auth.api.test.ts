import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DELAY_S, FREE_PER_ACCOUNT, FREE_PER_SOURCE, MAX_DELAY_S } from './sign-in-throttle';
import { cookies, createTestPortal, sessionCookie, type TestPortal } from '../../tests/support/harness';

/**
 * One wrong password for every failed try: the throttle counts failures whatever was typed, and the
 * test portal checks a (hash, password) pair once (password-hashes.ts), so twenty tries are not twenty
 * scrypt runs that a loaded machine stretches past the test's limit.
 */
const WRONG_PASSWORD = 'wrong-password-1';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const register = (email: string, body: Record<string, unknown> = {}) =>
  portal.request('/api/auth/sign-up/email', {
    body: {
      email,
      password: 'correct-horse-battery',
      name: 'Rosa Díaz',
      phone: '555-0101',
      address: '12 Oak St',
      callbackURL: '/',
      ...body,
    },
  });

describe('registration', () => {
  it('creates the customers row with name, phone and address once the e-mail is confirmed, not before', async () => {
    const res = await register('Rosa@Example.com');
    expect(res.status).toBe(200);
    const before = await portal.db
      .selectFrom('customers')
      .selectAll()
      .where(sql`lower(email)`, '=', 'rosa@example.com')
      .executeTakeFirst();
    expect(before).toBeUndefined();

    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'rosa@example.com')
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    await portal.request(link.pathname + link.search, { cookie: cookies(res) });
    const row = await portal.db
      .selectFrom('customers')
      .selectAll()
      .where(sql`lower(email)`, '=', 'rosa@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'Rosa Díaz', phone: '555-0101', address: '12 Oak St', account_number: null });
    expect(row.created_at).toBeInstanceOf(Date);
  });

  it('checks the type and length of every sign-up field', async () => {
    for (const bad of [
      { name: 'x'.repeat(121) },
      { phone: { a: 1 } },
      { address: ['x'] },
      { name: '  ' },
      { locale: 'fr' },
      { address: 'a\u0000b' },
    ]) {
      const res = await register(`bad${Math.random()}@example.com`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).code).toBe('INVALID_INPUT');
    }
  });

  it('lets a customer change only the language of their e-mails', async () => {
    const cookie = await portal.signUp('lang@example.com');
    expect((await portal.request('/api/auth/update-user', { cookie, body: { locale: 'es' } })).status).toBe(200);
    expect((await portal.request('/api/auth/update-user', { cookie, body: { name: 'Someone else' } })).status).toBe(400);
    expect((await portal.request('/api/auth/update-user', { cookie, body: { phone: '1' } })).status).toBe(400);
    const user = await portal.db
      .selectFrom('user')
      .select(['locale', 'name'])
      .where('email', '=', 'lang@example.com')
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ locale: 'es', name: 'Test Customer' });
  });

  it('queues a confirmation e-mail in the language chosen at sign-up', async () => {
    await register('luis@example.com', { locale: 'es' });
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'luis@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('verify-email');
    expect(mail.subject).toMatch(/Confirme su correo/);
    expect(mail.text_body).toMatch(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=/);
  });

  it('gives no session and no records before the e-mail is confirmed', async () => {
    const res = await register('unconfirmed@example.com');
    expect(sessionCookie(res)).toBeUndefined();
    const login = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'unconfirmed@example.com', password: 'correct-horse-battery' },
    });
    expect(login.status).toBe(403);
    expect(await login.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });

  it('answers the same for an address with an account (confirmed or not) as for a new one', async () => {
    await portal.signUp('known@example.com');
    await register('pending-known@example.com');
    /** Status, headers and body, with what is random in every answer (id, times, cookie value) masked. */
    const answer = async (email: string) => {
      const res = await register(email);
      const body = await res.text();
      const user = (JSON.parse(body) as { user: { id: string; createdAt: string; updatedAt: string } }).user;
      const headers = [...res.headers].map(([name, value]) =>
        name === 'set-cookie' ? `${name}: ${value.replace(/=[^;]+;/, '=<value>;')}` : `${name}: ${value}`,
      );
      const masked = body
        .replaceAll(user.id, '<id>')
        .replaceAll(user.createdAt, '<time>')
        .replaceAll(user.updatedAt, '<time>')
        .replaceAll(email, '<email>');
      return [String(res.status), ...headers, masked].join('\n');
    };
    const unknown = await answer('brand-new@example.com');
    expect(unknown).toContain('set-cookie: portal.registration=<value>;');
    expect(await answer('known@example.com')).toBe(unknown);
    expect(await answer('pending-known@example.com')).toBe(unknown);
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
    const login = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'repair@example.com', password: 'correct-horse-battery' },
    });
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
    const ask = await portal.request('/api/auth/request-password-reset', {
      body: { email: 'reset@example.com', redirectTo: '/reset-password' },
    });
    expect(ask.status).toBe(200);
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'reset@example.com')
      .where('kind', '=', 'reset-password')
      .executeTakeFirstOrThrow();
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

describe('sign-in delays after wrong passwords', () => {
  const signIn = (email: string, password: string, ip: string, cookie?: string) =>
    portal.request('/api/auth/sign-in/email', { body: { email, password }, ip, cookie });
  const ageFailures = (email: string, seconds: number) =>
    portal.db
      .updateTable('sign_in_failures')
      .set({ failed_at: sql`failed_at - make_interval(secs => ${seconds})` })
      .where('email', '=', email)
      .execute();

  it(`lets one source try ${FREE_PER_SOURCE} times, then makes it wait longer after each further failure; the owner elsewhere still signs in`, async () => {
    await portal.signUp('locked@example.com');
    for (let i = 0; i < FREE_PER_SOURCE; i++) expect((await signIn('Locked@example.com', WRONG_PASSWORD, '198.51.100.1')).status).toBe(401);
    const blocked = await signIn('locked@example.com', 'correct-horse-battery', '198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(BASE_DELAY_S - 5);
    expect((await signIn('locked@example.com', 'correct-horse-battery', '198.51.100.2')).status).toBe(200);

    await ageFailures('locked@example.com', BASE_DELAY_S + 1);
    expect((await signIn('locked@example.com', 'wrong-again-password', '198.51.100.1')).status).toBe(401);
    const longer = await signIn('locked@example.com', 'correct-horse-battery', '198.51.100.1');
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get('retry-after'))).toBeGreaterThan(2 * BASE_DELAY_S - 5);
  });

  it('counts an IPv6 /64 as one source', async () => {
    await portal.signUp('six@example.com');
    for (let i = 1; i <= FREE_PER_SOURCE; i++)
      expect((await signIn('six@example.com', WRONG_PASSWORD, `2001:db8:1:2::${i}`)).status).toBe(401);
    expect((await signIn('six@example.com', 'correct-horse-battery', '2001:db8:1:2:ffff::1')).status).toBe(429);
    expect((await signIn('six@example.com', 'correct-horse-battery', '2001:db8:1:3::1')).status).toBe(200);
  });

  it('slows strangers after many failures from many addresses, but never a device or address that signed in before', async () => {
    await portal.signUp('spread@example.com');
    const known = await signIn('spread@example.com', 'correct-horse-battery', '198.51.104.1');
    expect(known.status).toBe(200);
    const device = cookies(known)!
      .split('; ')
      .filter((c) => c.startsWith('portal.device='))
      .join('; ');
    expect(device).toMatch(/^portal\.device=/);
    for (let i = 0; i < FREE_PER_ACCOUNT; i++)
      expect((await signIn('spread@example.com', WRONG_PASSWORD, `198.51.101.${i}`)).status).toBe(401);

    const stranger = await signIn('spread@example.com', 'correct-horse-battery', '198.51.102.1');
    expect(stranger.status).toBe(429);
    expect((await signIn('spread@example.com', 'correct-horse-battery', '203.0.113.50', device)).status).toBe(200);
    expect((await signIn('spread@example.com', 'correct-horse-battery', '198.51.104.1')).status).toBe(200);

    await ageFailures('spread@example.com', MAX_DELAY_S + 1);
    expect((await signIn('spread@example.com', 'correct-horse-battery', '198.51.102.1')).status).toBe(200);
  });

  it('never slows a device that signed in before for failures from others at its address (shared NAT, one IPv6 /64)', async () => {
    await portal.signUp('nat@example.com');
    const owner = await signIn('nat@example.com', 'correct-horse-battery', '2001:db8:77:1::10');
    expect(owner.status).toBe(200);
    const device = cookies(owner)!
      .split('; ')
      .filter((c) => c.startsWith('portal.device='))
      .join('; ');
    // Someone else in the same /64 guesses the owner's password.
    for (let i = 0; i < FREE_PER_SOURCE; i++)
      expect((await signIn('nat@example.com', WRONG_PASSWORD, `2001:db8:77:1::${i + 20}`)).status).toBe(401);
    const neighbour = await signIn('nat@example.com', 'correct-horse-battery', '2001:db8:77:1::99');
    expect(neighbour.status).toBe(429);
    expect(await neighbour.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });

    expect((await signIn('nat@example.com', 'correct-horse-battery', '2001:db8:77:1::10', device)).status).toBe(200);
    // The owner's success does not forgive the neighbour.
    expect((await signIn('nat@example.com', 'correct-horse-battery', '2001:db8:77:1::99')).status).toBe(429);
    // The device's own wrong passwords still count for it, wherever it is (Better Auth's own rate
    // limit allows 10 sign-ins a minute per address: these come from elsewhere).
    for (let i = 0; i < FREE_PER_SOURCE; i++)
      expect((await signIn('nat@example.com', WRONG_PASSWORD, `198.51.106.${i}`, device)).status).toBe(401);
    const own = await signIn('nat@example.com', 'correct-horse-battery', '198.51.106.99', device);
    expect(own.status).toBe(429);
    expect(await own.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });

  it('a password reset forgets every failure', async () => {
    await portal.signUp('unlock@example.com');
    for (let i = 0; i < FREE_PER_SOURCE; i++) await signIn('unlock@example.com', WRONG_PASSWORD, '198.51.103.1');
    expect((await signIn('unlock@example.com', 'correct-horse-battery', '198.51.103.1')).status).toBe(429);
    await portal.request('/api/auth/request-password-reset', { body: { email: 'unlock@example.com', redirectTo: '/reset-password' } });
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('to_address', '=', 'unlock@example.com')
      .where('kind', '=', 'reset-password')
      .executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    const token = new URL((await portal.request(link.pathname + link.search)).headers.get('location')!, 'http://x').searchParams.get(
      'token',
    );
    expect((await portal.request('/api/auth/reset-password', { body: { newPassword: 'a-fresh-password', token } })).status).toBe(200);
    expect((await signIn('unlock@example.com', 'a-fresh-password', '198.51.103.1')).status).toBe(200);
  });
});
