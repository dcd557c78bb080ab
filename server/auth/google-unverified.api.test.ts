import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../contracts/google-sign-in';
import { startOidcProvider, subjectFor, TEST_GOOGLE_CLIENT, type TestOidcProvider } from '../../e2e/support/oidc-provider';
import { cookies, createTestPortal, sessionCookie, TEST_ORIGIN, type TestPortal } from '../../tests/support/harness';
import { googlePopupSignIn, googleSignIn } from '../../tests/support/google-test-flow';

/**
 * Issue 21.1: an attacker whose OpenID provider puts the victim's address on an account without
 * verifying it (email_verified=false) must get nothing: no account, no confirmation e-mail that the
 * victim could click, no link to the victim's account, no session, no records.
 */
let idp: TestOidcProvider;
let portal: TestPortal;

beforeAll(async () => {
  idp = await startOidcProvider({ port: 0, redirectUris: [`${TEST_ORIGIN}/api/auth/callback/google`] });
  portal = await createTestPortal({
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT.secret,
    GOOGLE_ISSUER: idp.issuer,
  });
});
afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

const attacker = (email: string) => ({ email, name: 'Attacker', emailVerified: false });
const usersWith = (email: string) => portal.db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).execute();
const accountsOf = async (email: string) =>
  (
    await sql<{ providerId: string }>`SELECT a."providerId" FROM account a JOIN "user" u ON u.id = a."userId"
      WHERE u.email = ${email} ORDER BY 1`.execute(portal.db)
  ).rows.map((r) => r.providerId);
const mailsTo = (email: string) => portal.db.selectFrom('mail_outbox').select('kind').where('to_address', '=', email).execute();
const addQuote = (email: string) =>
  sql`INSERT INTO quotes (email, description, total, status) VALUES (${email}, 'Kitchen remodel', 18250.5, 'Approved')`.execute(portal.db);

/** The attacker signs in with Google and reads the victim's quotes with whatever session they got. */
async function attack(email: string) {
  const result = await googleSignIn(portal, attacker(email));
  const quotes = await portal.request('/api/quotes', { cookie: result.cookie });
  return { ...result, quotes: quotes.status === 200 ? JSON.stringify(await quotes.json()) : `status ${quotes.status}` };
}

function expectRefused(result: Awaited<ReturnType<typeof attack>>) {
  expect(result.signedIn).toBe(false);
  expect(result.quotes).toBe('status 401');
}
/** The login page reads this code to say that Google has not verified the address. */
const saysUnverified = (result: { location: string }) => {
  expect(result.location).toContain('/login?error=google');
  expect(result.location).toContain(`error=${GOOGLE_EMAIL_UNVERIFIED}`);
};

describe('an unverified Google e-mail', () => {
  it('before the victim registers: creates no account and mails the victim no link; the victim then owns the account alone', async () => {
    const victim = 'early-victim@example.com';
    const first = await attack(victim);
    expectRefused(first);
    const mailsBeforeRegistering = await mailsTo(victim);

    const cookie = await portal.signUp(victim, { name: 'Vera Victim' });
    await addQuote(victim);
    expect(await (await portal.request('/api/quotes', { cookie })).text()).toContain('Kitchen remodel');

    const again = await attack(victim);
    expect(again.quotes).not.toContain('Kitchen remodel');
    expectRefused(again);
    expect(await accountsOf(victim)).toEqual(['credential']);
    expect(mailsBeforeRegistering).toEqual([]);
    saysUnverified(first);
    saysUnverified(again);
  });

  it('after the victim registers (confirmed or not): joins nothing, sends nothing, opens nothing', async () => {
    const confirmed = 'late-victim@example.com';
    await portal.signUp(confirmed);
    await addQuote(confirmed);
    const pending = 'pending-victim@example.com';
    const registered = await portal.request('/api/auth/sign-up/email', {
      body: { email: pending, password: 'victims-own-password', name: 'P', phone: '1', address: 'a', callbackURL: '/' },
    });
    expect(registered.status).toBe(200);

    for (const email of [confirmed, pending]) {
      const before = { users: await usersWith(email), mails: (await mailsTo(email)).length };
      const result = await attack(email);
      expectRefused(result);
      expect(await usersWith(email)).toEqual(before.users);
      expect(await accountsOf(email)).toEqual(['credential']);
      expect((await mailsTo(email)).length).toBe(before.mails);
      saysUnverified(result);
    }
  });

  it('is refused in the popup too, with the same error code for the login page', async () => {
    const result = await googlePopupSignIn(portal, attacker('popup-victim@example.com'), 'nonce-u');
    expect(result.signedIn).toBe(false);
    expect(await result.callback.text()).toContain(`"code":"${GOOGLE_EMAIL_UNVERIFIED}"`);
    expect(await usersWith('popup-victim@example.com')).toEqual([]);
  });

  it('an unconfirmed Google-only account left from before: its link only confirms a password the reader chooses', async () => {
    const victim = 'legacy-victim@example.com';
    await sql`INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      VALUES ('legacy-user', 'Attacker', ${victim}, false, now(), now())`.execute(portal.db);
    await sql`INSERT INTO account (id, "accountId", "providerId", "userId", "createdAt", "updatedAt")
      VALUES ('legacy-account', ${subjectFor(victim)}, 'google', 'legacy-user', now(), now())`.execute(portal.db);
    // The victim registers; the repeat sign-up mails a fresh link, opened in the victim's own browser.
    const registered = await portal.request('/api/auth/sign-up/email', {
      body: { email: victim, password: 'victims-own-password', name: 'Vic', phone: '1', address: 'a', callbackURL: '/' },
    });
    const mail = await portal.db.selectFrom('mail_outbox').select('text_body').where('to_address', '=', victim).executeTakeFirstOrThrow();
    const link = new URL(mail.text_body.match(/https?:\/\/\S+/)![0]);
    const opened = await portal.request(link.pathname + link.search, { cookie: cookies(registered) });
    expect(sessionCookie(opened)).toBeUndefined();
    expect(new URL(opened.headers.get('location')!, TEST_ORIGIN).pathname).toBe('/confirm-email');

    const token = link.searchParams.get('token')!;
    const confirmed = await portal.request('/api/account/confirm-email', { body: { token, password: 'chosen-by-the-reader' } });
    expect(confirmed.status).toBe(200);
    expect(await accountsOf(victim)).toEqual(['credential']);
    expectRefused(await attack(victim));
    const login = await portal.request('/api/auth/sign-in/email', { body: { email: victim, password: 'chosen-by-the-reader' } });
    expect(login.status).toBe(200);
  });

  it('a verified Google e-mail still signs in', async () => {
    const result = await googleSignIn(portal, { email: 'verified@example.com', name: 'Vee', emailVerified: true });
    expect(result.signedIn).toBe(true);
  });
});
