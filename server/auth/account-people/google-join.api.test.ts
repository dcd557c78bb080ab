import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOIN_TOKEN_STATE_KEY } from '../../../contracts/google-sign-in';
import { startOidcProvider, TEST_GOOGLE_CLIENT, type TestOidcProvider } from '../../../e2e/support/oidc-provider';
import { googlePopupSignIn, googleSignIn } from '../../../tests/support/google-test-flow';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { personInvitationToken } from '../../../tests/support/people';

/**
 * 'Join the account' with Google (decision 234): the join page's Google sign-in carries the link's
 * token; Google must vouch for the invited address; the new sign-in joins the account (no customers
 * row of its own) and the link is used up. Against the local OpenID provider that stands in for Google.
 */
let idp: TestOidcProvider;
let portal: TestPortal;
let owner: string;

beforeAll(async () => {
  idp = await startOidcProvider({ port: 0, redirectUris: [`${TEST_ORIGIN}/api/auth/callback/google`] });
  portal = await createTestPortal({
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT.id,
    GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT.secret,
    GOOGLE_ISSUER: idp.issuer,
  });
  owner = await portal.signUp('gwen-owner@example.com', { name: 'Gwen Owner' });
  await sql`INSERT INTO quotes (email, description, total, status) VALUES ('gwen-owner@example.com', 'Porch roof', 800.00, 'Sent')`.execute(
    portal.db,
  );
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

const invite = async (email: string, role: 'approve_and_pay' | 'view_only') => {
  const res = await portal.request('/api/people', { cookie: owner, body: { email, role, locale: 'en' } });
  expect(res.status, await res.clone().text()).toBe(201);
  return personInvitationToken(portal, email);
};
const joinData = (token: string) => ({ additionalData: { [JOIN_TOKEN_STATE_KEY]: token } });
const personRow = (email: string) =>
  portal.db.selectFrom('account_people').select(['user_id', 'joined_at']).where('email', '=', email).executeTakeFirstOrThrow();
const userOf = (email: string) => portal.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst();
const customersWith = (email: string) =>
  portal.db
    .selectFrom('customers')
    .select('id')
    .where(sql<boolean>`lower(email) = ${email}`)
    .execute();
const view = async (token: string) => (await (await portal.request('/api/auth/account-person/view', { body: { token } })).json()) as object;

describe('joining with Google', () => {
  it('with the invited address: signs in as a person of the account, reads its records, and the link is used up', async () => {
    const token = await invite('gabe@example.com', 'view_only');
    const result = await googlePopupSignIn(
      portal,
      { email: 'Gabe@Example.com', name: 'Gabe Google', emailVerified: true },
      'n-1',
      joinData(token),
    );
    expect(result.signedIn).toBe(true);

    const user = await userOf('gabe@example.com');
    expect(await personRow('gabe@example.com')).toMatchObject({ user_id: user!.id, joined_at: expect.anything() });
    // A person, not a customer of their own: no customers row.
    expect(await customersWith('gabe@example.com')).toEqual([]);
    const people = (await (await portal.request('/api/people', { cookie: result.cookie })).json()) as {
      you: { email: string; role: string };
      accountEmail: string;
    };
    expect(people).toMatchObject({ you: { email: 'gabe@example.com', role: 'view_only' }, accountEmail: 'gwen-owner@example.com' });
    expect(await (await portal.request('/api/quotes', { cookie: result.cookie })).text()).toContain('Porch roof');
    // View-only, as the owner chose.
    const refused = await portal.request('/api/work-orders', { cookie: result.cookie, body: { description: 'x', address: 'y' } });
    expect(refused.status).toBe(403);
    const session = await sql<{ sign_in_method: string }>`SELECT sign_in_method FROM session WHERE "userId" = ${user!.id}`.execute(
      portal.db,
    );
    expect(session.rows.map((r) => r.sign_in_method)).toEqual(['google']);

    // Once: the link is spent, for a password as for Google.
    expect(await view(token)).toEqual({ state: 'invalid' });
    const again = await googleSignIn(portal, { email: 'gabe@example.com', emailVerified: true }, joinData(token));
    expect(again.signedIn).toBe(false);
    expect(again.location).toContain('error=join_invalid');
  });

  it('in the redirect flow lands on the dashboard, and the owner sees the person joined', async () => {
    const token = await invite('greta@example.com', 'approve_and_pay');
    const result = await googleSignIn(portal, { email: 'greta@example.com', name: 'Greta', emailVerified: true }, joinData(token));
    expect(result.signedIn).toBe(true);
    expect(result.location).toBe('/');
    const list = (await (await portal.request('/api/people', { cookie: owner })).json()) as {
      people: { email: string; name: string | null; joinedAt: string | null }[];
    };
    expect(list.people.find((p) => p.email === 'greta@example.com')).toMatchObject({ name: 'Greta', joinedAt: expect.any(String) });
  });

  it('with another Google address: refused before anything is made; the link still works', async () => {
    const token = await invite('gil@example.com', 'view_only');
    const errorCallbackURL = `/join-account?token=${encodeURIComponent(token)}`;
    const result = await googleSignIn(
      portal,
      { email: 'gil.other@example.com', emailVerified: true },
      { ...joinData(token), errorCallbackURL },
    );
    expect(result.signedIn).toBe(false);
    expect(result.location).toBe(`${errorCallbackURL}&error=join_other_email`);
    expect(await userOf('gil.other@example.com')).toBeUndefined();
    expect(await customersWith('gil.other@example.com')).toEqual([]);
    expect(await personRow('gil@example.com')).toMatchObject({ user_id: null });
    expect(await view(token)).toMatchObject({ state: 'open', email: 'gil@example.com' });
  });

  it('the popup relays the refusal to the join page', async () => {
    const token = await invite('gia@example.com', 'view_only');
    const result = await googlePopupSignIn(portal, { email: 'someone-else@example.com', emailVerified: true }, 'n-2', joinData(token));
    expect(result.signedIn).toBe(false);
    expect(await result.callback.text()).toContain('"code":"join_other_email"');
  });

  it('an address that got a portal of its own meanwhile is refused and stays its own account', async () => {
    const token = await invite('glen@example.com', 'view_only');
    const glen = await portal.signUp('glen@example.com', { name: 'Glen Own' });
    expect(glen).toBeTruthy();
    const result = await googleSignIn(portal, { email: 'glen@example.com', emailVerified: true }, joinData(token));
    expect(result.signedIn).toBe(false);
    expect(result.location).toContain('error=join_account_exists');
    expect(await personRow('glen@example.com')).toMatchObject({ user_id: null });
  });

  it('an unverified Google address is refused as on the Login', async () => {
    const token = await invite('gus@example.com', 'view_only');
    const result = await googleSignIn(portal, { email: 'gus@example.com', emailVerified: false }, joinData(token));
    expect(result.signedIn).toBe(false);
    expect(result.location).toContain('error=google_email_unverified');
    expect(await userOf('gus@example.com')).toBeUndefined();
  });

  it('a Google sign-in that did not start on the join page joins nothing', async () => {
    const result = await googleSignIn(portal, { email: 'plain-google@example.com', name: 'Plain', emailVerified: true });
    expect(result.signedIn).toBe(true);
    expect(await customersWith('plain-google@example.com')).toHaveLength(1);
  });
});
