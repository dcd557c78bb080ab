import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD, DEMO_OWNER_TOTP_SECRET, ensureDemoOwner, warnOfDemoOwner } from './demo-owner';
import { loadConfig } from '../../platform/config';
import type { Logger } from '../../platform/logger';
import { startRuntime } from '../../runtime';
import { createTestPortal, memoryTransport, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount, passwordStep, signInOffice } from '../../../tests/support/office';

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

/**
 * `npm run demo` wrote the demo owner into a database that a server then opens with NODE_ENV=production:
 * a second runtime on the very same database, in production mode, must not let that account in.
 */
describe('the demo owner on a production server', () => {
  it('is warned about at start-up, refused at the password step, and its existing session is ended', async () => {
    await ensureDemoOwner(portal.runtime.auth, portal.db, portal.config);
    const heldSession = await signInOffice(portal, DEMO_OWNER_EMAIL, DEMO_OWNER_TOTP_SECRET, DEMO_OWNER_PASSWORD);
    const staff = await createOfficeAccount(portal, 'prod-staff@company.example');

    const warnings: string[] = [];
    const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (message) => warnings.push(message) };
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: portal.config.authSecret!, APP_URL: TEST_ORIGIN });
    const production = await startRuntime({
      config,
      logger,
      // The same database, left open for the test's own portal.
      database: { ...portal.runtime.database, close: async () => {} },
      mailTransport: memoryTransport().transport,
      mailPollMs: 60_000,
    });
    try {
      expect(warnings.some((w) => w.includes(DEMO_OWNER_EMAIL) && w.includes('npm run demo'))).toBe(true);
      let address = 0;
      const onProduction: TestPortal = {
        ...portal,
        runtime: production,
        config,
        request: async (path, init = {}) =>
          production.app.request(
            path,
            {
              method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
              headers: {
                origin: TEST_ORIGIN,
                ...(init.cookie ? { cookie: init.cookie } : {}),
                ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
              },
              body: init.body === undefined ? undefined : JSON.stringify(init.body),
            },
            { incoming: { socket: { remoteAddress: `10.250.0.${++address}` } } },
          ),
      };

      // The session it got before is refused at once, and ended.
      const me = await onProduction.request('/api/office/me', { cookie: heldSession });
      expect(me.status).toBe(403);
      expect(await me.json()).toMatchObject({ error: { code: 'demo_account_refused' } });
      expect((await portal.request('/api/office/me', { cookie: heldSession })).status).toBe(401);

      // The right password gets no challenge and no session: a clear refusal.
      const { res } = await passwordStep(onProduction, DEMO_OWNER_EMAIL, DEMO_OWNER_PASSWORD);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ code: 'DEMO_ACCOUNT_REFUSED' });
      expect(res.headers.getSetCookie().some((c) => /^portal\.(session_token|two_factor)=[^;]/.test(c))).toBe(false);

      // Any other office account signs in on the production server as usual.
      const cookie = await signInOffice(onProduction, staff.email, staff.secret);
      expect((await onProduction.request('/api/office/me', { cookie })).status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('no warning when the server is not in production', async () => {
    const warnings: string[] = [];
    expect(await warnOfDemoOwner(portal.db, { env: 'development' }, { warn: (message: string) => warnings.push(message) })).toBe(false);
    expect(warnings).toEqual([]);
  });
});
