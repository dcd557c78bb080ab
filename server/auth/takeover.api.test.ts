import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookies, createTestPortal, sessionCookie, type TestPortal } from '../../tests/support/harness';

/** The account-takeover attacks of the security review, rerun against the portal. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const register = (email: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  portal.request('/api/auth/sign-up/email', {
    body: { email, password: 'attacker-password', name: 'Attacker', phone: '666', address: 'Evil St', callbackURL: '/', ...body },
    headers,
  });
const signIn = (email: string, password: string) => portal.request('/api/auth/sign-in/email', { body: { email, password } });
const linksTo = async (email: string) => {
  const rows = await portal.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .where('kind', '=', 'verify-email')
    .orderBy('id')
    .execute();
  return rows.map((r) => new URL(r.text_body.match(/https?:\/\/\S+/)![0]));
};
const userIds = async (email: string) =>
  (await portal.db.selectFrom('user').select('id').where('email', '=', email).execute()).map((u) => u.id);
/** The reader of the inbox opens a link in their own browser (no cookie from the registration). */
const openLink = (link: URL, cookie?: string) => portal.request(link.pathname + link.search, { cookie });

describe('a registration someone else started for your address', () => {
  it('keeps the first registration, and its link asks the reader of the inbox to choose the password', async () => {
    const email = 'victim1@example.com';
    await register(email);
    const [first] = await userIds(email);
    const again = await register(email, { name: 'Real Owner', phone: '555-0101', address: '1 Home Rd', password: 'owner-password-1' });
    expect(again.status).toBe(200);
    expect(await userIds(email)).toEqual([first]); // nothing was deleted or replaced

    const links = await linksTo(email);
    expect(links).toHaveLength(2);
    for (const link of links) {
      const opened = await openLink(link);
      expect(opened.status).toBe(302);
      expect(sessionCookie(opened)).toBeUndefined();
      expect(new URL(opened.headers.get('location')!).pathname).toBe('/confirm-email');
    }
    const token = new URL(links[0]!).searchParams.get('token')!;
    const confirmed = await portal.request('/api/account/confirm-email', { body: { token, password: 'owner-chosen-password' } });
    expect(confirmed.status).toBe(200);
    expect(sessionCookie(confirmed)).toBeTruthy();

    expect((await signIn(email, 'attacker-password')).status).toBe(401);
    expect((await signIn(email, 'owner-chosen-password')).status).toBe(200);
    const profile = await portal.db
      .selectFrom('customers')
      .select(['name', 'phone', 'address'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(profile).toEqual({ name: 'Real Owner', phone: '555-0101', address: '1 Home Rd' });
  });

  it('confirms with one click only in the browser that chose the password', async () => {
    const email = 'oneclick@example.com';
    const res = await register(email, { password: 'my-own-password' });
    const [link] = await linksTo(email);
    const opened = await openLink(link!, cookies(res));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/');
    expect(sessionCookie(opened)).toBeTruthy();
  });

  it('gives the same one click to a browser that signed in with the password before confirming', async () => {
    const email = 'laptop@example.com';
    await register(email, { password: 'my-own-password' });
    const attempt = await signIn(email, 'my-own-password');
    expect(attempt.status).toBe(403);
    const link = (await linksTo(email)).at(-1)!;
    expect(new URL((await openLink(link)).headers.get('location')!).pathname).toBe('/confirm-email');
    const opened = await openLink(link, cookies(attempt));
    expect(opened.headers.get('location')).toBe('/');
  });

  it('gives the same one click after a form-encoded sign-in (sign-in accepts forms)', async () => {
    const email = 'formlaptop@example.com';
    await register(email, { password: 'my-own-password' });
    const attempt = await portal.runtime.app.request(
      '/api/auth/sign-in/email',
      {
        method: 'POST',
        headers: { origin: 'http://localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password: 'my-own-password' }).toString(),
      },
      { incoming: { socket: { remoteAddress: '10.98.0.1' } } },
    );
    expect(attempt.status).toBe(403);
    const link = (await linksTo(email)).at(-1)!;
    expect((await openLink(link, cookies(attempt))).headers.get('location')).toBe('/');
  });

  it('answers a used link on the confirm page with "already confirmed", and a forged token as invalid', async () => {
    const email = 'twice@example.com';
    await register(email);
    const token = new URL((await linksTo(email))[0]!).searchParams.get('token')!;
    expect((await portal.request('/api/account/confirm-email', { body: { token, password: 'first-choice-pw' } })).status).toBe(200);
    const again = await portal.request('/api/account/confirm-email', { body: { token, password: 'second-choice-pw' } });
    expect(again.status).toBe(409);
    expect((await signIn(email, 'first-choice-pw')).status).toBe(200);
    const forged = await portal.request('/api/account/confirm-email', {
      body: { token: `${token.slice(0, -4)}AAAA`, password: 'whatever-password' },
    });
    expect(forged.status).toBe(400);
  });

  it('deletes and changes nothing when the repeat sign-up is refused (origin, input, redirect)', async () => {
    const email = 'pending@example.com';
    await register(email, { name: 'First' });
    const [id] = await userIds(email);
    const mails = (await linksTo(email)).length;
    const refused = [
      await register(email, { name: 'Second' }, { origin: 'https://evil.example' }),
      await register(email, { name: 'x'.repeat(500) }),
      await register(email, { name: 'Second', callbackURL: '/..//evil.example' }),
      await register(email, { name: 'Second', password: 'password123' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 400, 400, 400]);
    expect(await userIds(email)).toEqual([id]);
    const user = await portal.db.selectFrom('user').select('name').where('id', '=', id!).executeTakeFirstOrThrow();
    expect(user.name).toBe('First');
    expect(await linksTo(email)).toHaveLength(mails);
  });
});

describe('without e-mail confirmation (REQUIRE_EMAIL_VERIFICATION=false)', () => {
  it('a sign-up never replaces an existing account', async () => {
    const open = await createTestPortal({ REQUIRE_EMAIL_VERIFICATION: 'false' });
    try {
      const body = { email: 'taken@example.com', password: 'first-password', name: 'First', phone: '1', address: 'a', callbackURL: '/' };
      expect((await open.request('/api/auth/sign-up/email', { body })).status).toBe(200);
      const again = await open.request('/api/auth/sign-up/email', { body: { ...body, password: 'second-password', name: 'Second' } });
      expect(again.status).toBe(422);
      const login = (password: string) => open.request('/api/auth/sign-in/email', { body: { email: 'taken@example.com', password } });
      expect((await login('first-password')).status).toBe(200);
      expect((await login('second-password')).status).toBe(401);
    } finally {
      await open.close();
    }
  });
});

describe('passwords', () => {
  it('refuses one of the most common passwords at sign-up and at reset', async () => {
    const res = await register('common@example.com', { password: 'Password123' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'PASSWORD_TOO_COMMON' });
    expect(await userIds('common@example.com')).toEqual([]);
  });
});
