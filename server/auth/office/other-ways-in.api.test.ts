import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, TEST_GOOGLE_CLIENT, type TestOidcProvider } from '../../../e2e/support/oidc-provider';
import { googleSignIn } from '../../../tests/support/google-test-flow';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, OFFICE_PASSWORD } from '../../../tests/support/office';

/** No way into an office account skips the authenticator code: not Google, not the customer sign-up. */
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

const sessionsOf = async (email: string) =>
  (await sql`SELECT s.id FROM session s JOIN "user" u ON u.id = s."userId" WHERE u.email = ${email}`.execute(portal.db)).rows;

describe('an office account', () => {
  it('is not signed in by a Google account with the same verified address', async () => {
    const { userId } = await createOfficeAccount(portal, 'google-boss@company.example', 'owner');
    const before = await sessionsOf('google-boss@company.example');
    const result = await googleSignIn(portal, { email: 'google-boss@company.example', name: 'Boss', emailVerified: true });
    expect(result.signedIn).toBe(false);
    expect(await sessionsOf('google-boss@company.example')).toEqual(before);
    const user = await portal.db.selectFrom('user').select(['role', 'twoFactorEnabled']).where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user).toEqual({ role: 'owner', twoFactorEnabled: true });
    const accounts = await sql<{ providerId: string }>`SELECT "providerId" FROM account WHERE "userId" = ${userId}`.execute(portal.db);
    expect(accounts.rows).toEqual([{ providerId: 'credential' }]);
    expect(result.location).toMatch(/^\/login\?error=/);
  });

  it('cannot be taken over or turned into a customer by a customer sign-up of its address', async () => {
    const { userId } = await createOfficeAccount(portal, 'taken@company.example', 'staff');
    const res = await portal.request('/api/auth/sign-up/email', {
      body: {
        email: 'taken@company.example',
        password: 'attacker-password-1',
        name: 'Attacker',
        phone: '1',
        address: '2',
        callbackURL: '/',
      },
    });
    expect(res.status).toBeLessThan(500);
    const users = await portal.db.selectFrom('user').select(['id', 'role', 'name']).where('email', '=', 'taken@company.example').execute();
    expect(users).toEqual([{ id: userId, role: 'staff', name: 'taken' }]);
    const attacker = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'taken@company.example', password: 'attacker-password-1' },
    });
    expect(attacker.status).toBe(401);
    const owner = await portal.request('/api/auth/sign-in/email', { body: { email: 'taken@company.example', password: OFFICE_PASSWORD } });
    expect(await owner.json()).toMatchObject({ twoFactorRedirect: true });
  });
});
