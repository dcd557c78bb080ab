import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, sessionCookie, TEST_ORIGIN, type TestPortal } from '../../tests/support/harness';
import { createOfficeAccount } from '../../tests/support/office';
import { FREE_PER_SOURCE } from './sign-in-throttle';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const linkMails = (email: string) =>
  portal.db
    .selectFrom('mail_outbox')
    .select(['subject', 'text_body'])
    .where('to_address', '=', email)
    .where('kind', '=', 'sign-in-link')
    .orderBy('id')
    .execute();

/** Asks for a link as the Login page does (return path and error page), from `ip`. */
const askForLink = (email: string, ip?: string) =>
  portal.request('/api/auth/sign-in/magic-link', {
    body: { email, callbackURL: '/quotes/7', errorCallbackURL: '/login?next=%2Fquotes%2F7' },
    ...(ip ? { ip } : {}),
  });

/** The link of the newest sign-in e-mail to `email` (queued after the answer: waits for it). */
async function newestLink(email: string, count: number): Promise<URL> {
  let mails: Awaited<ReturnType<typeof linkMails>> = [];
  await vi.waitFor(async () => {
    mails = await linkMails(email);
    expect(mails.length).toBe(count);
  });
  return new URL(mails.at(-1)!.text_body.match(/https?:\/\/\S+/)![0]);
}

const sessionsOf = (email: string) =>
  sql<{ sign_in_method: string | null }>`
    SELECT s.sign_in_method FROM session s JOIN "user" u ON u.id = s."userId" WHERE lower(u.email) = ${email} ORDER BY s."createdAt"
  `
    .execute(portal.db)
    .then((r) => r.rows);

describe("'Email me a sign-in link'", () => {
  it('signs in once, on the device that opens it, lands on the record, and the session says it came from a link', async () => {
    const email = 'linky@example.com';
    await portal.signUp(email);
    await portal.db.updateTable('user').set({ locale: 'es' }).where('email', '=', email).execute();

    const asked = await askForLink(email);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ status: true });
    const link = await newestLink(email, 1);
    const [mail] = await linkMails(email);
    expect(mail!.subject).toContain('Su enlace de acceso');
    expect(mail!.text_body).toContain('durante 15 minutos');
    expect(link.origin).toBe(TEST_ORIGIN);

    const opened = await portal.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${TEST_ORIGIN}/quotes/7`);
    const cookie = sessionCookie(opened);
    expect(cookie).toBeDefined();
    const session = await portal.request('/api/auth/get-session', { cookie });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(email);
    expect((await sessionsOf(email)).map((s) => s.sign_in_method)).toContain('magic-link');

    // A second opening (another device, a mail scanner that came late) gets no session.
    const again = await portal.request(link.pathname + link.search);
    expect(again.status).toBe(302);
    const location = new URL(again.headers.get('location')!);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('next')).toBe('/quotes/7');
    expect(location.searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('keeps only a hash of the token, and the link stops working after 15 minutes', async () => {
    const email = 'late@example.com';
    await portal.signUp(email);
    await askForLink(email);
    const link = await newestLink(email, 1);
    const token = link.searchParams.get('token')!;
    const rows = await sql<{ identifier: string; value: string; expires_in: number }>`
      SELECT identifier, value, extract(epoch FROM "expiresAt" - now())::int AS expires_in FROM verification WHERE identifier LIKE 'magic-link:%'
    `.execute(portal.db);
    expect(rows.rows.some((r) => r.identifier.includes(token) || r.value.includes(token))).toBe(false);
    const mine = rows.rows.find((r) => r.value.includes(email))!;
    expect(mine.expires_in).toBeGreaterThan(14 * 60);
    expect(mine.expires_in).toBeLessThanOrEqual(15 * 60);

    await sql`UPDATE verification SET "expiresAt" = now() - interval '1 second' WHERE identifier = ${mine.identifier}`.execute(portal.db);
    const opened = await portal.request(link.pathname + link.search);
    expect(new URL(opened.headers.get('location')!).searchParams.get('error')).toBe('INVALID_TOKEN');
    expect(sessionCookie(opened)).toBeUndefined();
  });

  it('answers an office account and an unknown address exactly as a customer, and mails neither', async () => {
    const office = 'desk@company.example';
    await createOfficeAccount(portal, office);
    const customer = 'known@example.com';
    await portal.signUp(customer);

    const answers = [];
    for (const email of [office, 'nobody@example.com', customer]) {
      const res = await askForLink(email);
      answers.push({ status: res.status, body: await res.json() });
    }
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[1]).toEqual(answers[2]);
    await newestLink(customer, 1);
    expect(await linkMails(office)).toEqual([]);
    expect(await linkMails('nobody@example.com')).toEqual([]);
    // No link makes an account either.
    expect(await portal.db.selectFrom('user').select('id').where('email', '=', 'nobody@example.com').execute()).toEqual([]);
  });

  it('is rate-limited like a password sign-in, and refused while the account is locked for this address', async () => {
    const ip = '10.201.0.1';
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await askForLink(`flood${i}@example.com`, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);

    const email = 'guessed@example.com';
    await portal.signUp(email);
    const attacker = '10.202.0.1';
    for (let i = 0; i < FREE_PER_SOURCE; i++) {
      const wrong = await portal.request('/api/auth/sign-in/email', { body: { email, password: `wrong-password-${i}` }, ip: attacker });
      expect(wrong.status).toBe(401);
    }
    const locked = await askForLink(email, attacker);
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    expect(await linkMails(email)).toEqual([]);
    // The owner elsewhere is not locked out of the link.
    expect((await askForLink(email, '10.203.0.1')).status).toBe(200);
  });
});
