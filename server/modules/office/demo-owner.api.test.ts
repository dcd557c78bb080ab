import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_OWNER_TOTP_SECRET, ensureDemoOwner } from '../../auth/office/demo-owner';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { passwordStep, signInOffice } from '../../../tests/support/office';

/** `npm run demo`'s office owner: signs in with the README's password and a code from the README's secret. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

describe('the demo owner', () => {
  it('signs in with the known password and a code computed (by otpauth) from the fixed secret, as an owner', async () => {
    await ensureDemoOwner(portal.runtime.auth, portal.db, portal.config);
    const cookie = await signInOffice(portal, DEMO_OWNER_EMAIL, DEMO_OWNER_TOTP_SECRET, DEMO_OWNER_PASSWORD);
    const me = await portal.request('/api/office/me', { cookie });
    expect(await me.json()).toMatchObject({ email: DEMO_OWNER_EMAIL, role: 'owner' });
    expect((await portal.request('/api/office/staff', { cookie })).status).toBe(200);
  });

  it('is put back as the README says when the demo runs again (signed out, not suspended, same secret)', async () => {
    const before = await signInOffice(portal, DEMO_OWNER_EMAIL, DEMO_OWNER_TOTP_SECRET, DEMO_OWNER_PASSWORD);
    await portal.db.updateTable('user').set({ banned: true }).where('email', '=', DEMO_OWNER_EMAIL).execute();
    await ensureDemoOwner(portal.runtime.auth, portal.db, portal.config);
    expect((await portal.request('/api/office/me', { cookie: before })).status).toBe(401);
    await signInOffice(portal, DEMO_OWNER_EMAIL, DEMO_OWNER_TOTP_SECRET, DEMO_OWNER_PASSWORD);
    // The password alone still gives no session.
    const { res } = await passwordStep(portal, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('portal.session_token=') && !c.includes('Max-Age=0'))).toBe(false);
  });

  it('is refused in production', async () => {
    await expect(ensureDemoOwner(portal.runtime.auth, portal.db, { env: 'production' })).rejects.toThrow(
      /never created when NODE_ENV=production/,
    );
  });
});
