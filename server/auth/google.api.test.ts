import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, TEST_GOOGLE_CLIENT, type TestOidcProvider } from '../../e2e/support/oidc-provider';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../tests/support/harness';
import { googlePopupSignIn, googleSignIn } from '../../tests/support/google-test-flow';

let idp: TestOidcProvider;
let portal: TestPortal;
let counter = 0;
const email = (prefix: string) => `${prefix}-${counter++}@example.com`;

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

const customersWith = (address: string) =>
  portal.db
    .selectFrom('customers')
    .selectAll()
    .where(sql`lower(email)`, '=', address.toLowerCase())
    .execute();
const userWith = (address: string) =>
  portal.db.selectFrom('user').select(['id', 'name', 'emailVerified']).where('email', '=', address.toLowerCase()).executeTakeFirst();
/** Better Auth's account table (not in our Kysely types): one row per way of signing in. */
const accountsOf = async (userId: string) =>
  (
    await sql<{ providerId: string }>`SELECT "providerId" FROM account WHERE "userId" = ${userId} ORDER BY "providerId"`.execute(portal.db)
  ).rows.map((r) => r.providerId);

describe('the authorization request', () => {
  it('uses discovery, PKCE, state and nonce, and the redirect URL {APP_URL}/api/auth/callback/google', async () => {
    const { authorizationUrl } = await googleSignIn(portal, { email: email('request'), name: 'R', emailVerified: true });
    expect(authorizationUrl.origin).toBe(idp.issuer);
    const p = authorizationUrl.searchParams;
    expect(p.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    expect(p.get('client_id')).toBe(TEST_GOOGLE_CLIENT.id);
    expect(p.get('response_type')).toBe('code');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toBeTruthy();
    expect(p.get('state')).toBeTruthy();
    expect(p.get('nonce')).toBeTruthy();
    expect(p.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
  });
});

describe('a new customer', () => {
  it('is signed in and gets a customers row with the name, empty phone and empty address', async () => {
    const address = email('new');
    const result = await googleSignIn(portal, { email: address, name: 'Gloria Fuentes', emailVerified: true });
    expect(result.signedIn).toBe(true);
    expect(result.location).toBe('/');
    expect(await customersWith(address)).toMatchObject([{ email: address, name: 'Gloria Fuentes', phone: '', address: '' }]);
    // A Google-verified e-mail counts as confirmed: the records are open at once.
    const profile = await portal.request('/api/profile', { cookie: result.cookie });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: address, name: 'Gloria Fuentes' });
  });

  it("is named 'Google User' when the provider gives no name", async () => {
    const address = email('noname');
    const result = await googleSignIn(portal, { email: address, emailVerified: true });
    expect(result.signedIn).toBe(true);
    expect(await customersWith(address)).toMatchObject([{ name: 'Google User', phone: '', address: '' }]);
  });

  it('leaves an existing customers row with that e-mail as it is', async () => {
    const address = email('office');
    await sql`INSERT INTO customers (name, email, phone, address) VALUES ('Office Name', ${address.toUpperCase()}, '555-0000', '1 Office Rd')`.execute(
      portal.db,
    );
    const result = await googleSignIn(portal, { email: address, name: 'Other Name', emailVerified: true });
    expect(result.signedIn).toBe(true);
    expect(await customersWith(address)).toMatchObject([{ name: 'Office Name', phone: '555-0000', address: '1 Office Rd' }]);
  });
});

describe('a returning customer', () => {
  it('signs in to the same account and keeps one customers row', async () => {
    const address = email('returning');
    await googleSignIn(portal, { email: address, name: 'First Name', emailVerified: true });
    const first = await userWith(address);
    const again = await googleSignIn(portal, { email: address, name: 'First Name', emailVerified: true });
    expect(again.signedIn).toBe(true);
    expect((await userWith(address))?.id).toBe(first?.id);
    expect(await customersWith(address)).toHaveLength(1);
    expect(await accountsOf(first!.id)).toEqual(['google']);
  });
});

describe('an existing e-mail-and-password account', () => {
  it('is linked when the provider says the e-mail is verified, and shows its records', async () => {
    const address = email('linked');
    await portal.signUp(address, { name: 'Pat Password' });
    await sql`INSERT INTO quotes (email, description, total, status) VALUES (${address}, 'Fence', 100, 'Approved')`.execute(portal.db);
    const owner = await userWith(address);

    const result = await googleSignIn(portal, { email: address, name: 'Pat Google', emailVerified: true });
    expect(result.signedIn).toBe(true);
    const session = await (await portal.request('/api/auth/get-session', { cookie: result.cookie })).json();
    expect(session.user.id).toBe(owner!.id);
    expect(await accountsOf(owner!.id)).toEqual(['credential', 'google']);
    const quotes = await portal.request('/api/quotes', { cookie: result.cookie });
    expect(JSON.stringify(await quotes.json())).toContain('Fence');
    // The profile the customer registered with stays as it was.
    expect(await customersWith(address)).toMatchObject([{ name: 'Pat Password', phone: '555-0100' }]);
  });

  it('is not opened by an unverified Google e-mail: no session, no link, no records', async () => {
    const address = email('victim');
    await portal.signUp(address, { name: 'Vic Tim' });
    const owner = await userWith(address);

    const result = await googleSignIn(portal, { email: address, name: 'Attacker', emailVerified: false });
    expect(result.signedIn).toBe(false);
    expect(result.location).toContain('/login?error=google');
    expect(result.location).toContain('error=google_email_unverified');
    expect(await accountsOf(owner!.id)).toEqual(['credential']);
    const records = await portal.request('/api/quotes', { cookie: result.cookie });
    expect(records.status).toBe(401);
  });
});

describe('a password registration that was never confirmed', () => {
  it('does not keep the owner out: a verified Google sign-in replaces it', async () => {
    const address = email('squatted');
    const squat = await portal.request('/api/auth/sign-up/email', {
      body: { email: address, password: 'squatter-password', name: 'Squatter', phone: '666', address: 'Evil St', callbackURL: '/' },
    });
    expect(squat.status).toBe(200);
    const squatter = await userWith(address);

    const result = await googleSignIn(portal, { email: address, name: 'Rightful Owner', emailVerified: true });
    expect(result.signedIn).toBe(true);
    const owner = await userWith(address);
    expect(owner).toMatchObject({ name: 'Rightful Owner', emailVerified: true });
    expect(owner!.id).not.toBe(squatter!.id);
    expect(await accountsOf(owner!.id)).toEqual(['google']);
    const squatterLogin = await portal.request('/api/auth/sign-in/email', { body: { email: address, password: 'squatter-password' } });
    expect(squatterLogin.status).toBe(401);
    expect(await customersWith(address)).toMatchObject([{ name: 'Rightful Owner', phone: '', address: '' }]);
  });

  it('stays when the Google e-mail is not verified', async () => {
    const address = email('kept');
    await portal.request('/api/auth/sign-up/email', {
      body: { email: address, password: 'someone-password', name: 'Someone', phone: '1', address: 'a', callbackURL: '/' },
    });
    const before = await userWith(address);
    const result = await googleSignIn(portal, { email: address, name: 'Unproven', emailVerified: false });
    expect(result.signedIn).toBe(false);
    expect(await userWith(address)).toEqual(before);
  });
});

// An unverified Google e-mail with no account: google-unverified.api.test.ts.

describe('provider errors', () => {
  it('access_denied sends the browser back to the login page with no session', async () => {
    const result = await googleSignIn(portal, 'cancel');
    expect(result.signedIn).toBe(false);
    expect(result.location).toContain('/login?error=google');
    expect(result.location).toContain('error=access_denied');
  });
});

describe('the popup', () => {
  it('comes back to a page that posts the result to the opener, with no opener policy that would cut it off', async () => {
    const result = await googlePopupSignIn(portal, { email: email('popup'), name: 'Popy', emailVerified: true }, 'nonce-1');
    expect(result.callback.status).toBe(200);
    expect(result.signedIn).toBe(true);
    expect(result.callback.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(result.callback.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'sha256-/);
    const page = await result.callback.text();
    expect(page).toContain('"type":"better-auth:oauth-popup"');
    expect(page).toContain('"nonce":"nonce-1"');
    expect(page).toContain(`"targetOrigin":"${TEST_ORIGIN}"`);
  });

  it('relays a provider error to the opener', async () => {
    const result = await googlePopupSignIn(portal, 'cancel', 'nonce-2');
    expect(result.signedIn).toBe(false);
    const page = await result.callback.text();
    expect(page).toContain('"code":"access_denied"');
  });

  it('refuses to post to an origin the portal does not trust', async () => {
    const query = new URLSearchParams({ provider: 'google', popupOrigin: 'https://evil.example', popupNonce: 'n' });
    const res = await portal.request(`/api/auth/oauth-popup/start?${query}`);
    expect(res.status).toBe(403);
  });
});

describe('when Google is not configured', () => {
  it('says so in the public config and cannot start a Google sign-in', async () => {
    const plain = await createTestPortal();
    try {
      expect(await (await plain.request('/api/config')).json()).toMatchObject({ googleConfigured: false });
      const res = await plain.request('/api/auth/sign-in/social', {
        body: { provider: 'google', callbackURL: '/', disableRedirect: true },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
    } finally {
      await plain.close();
    }
  });
});
