import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { inviteOffice, passwordStep, setUpOffice, totpCode } from '../../../tests/support/office';

/** Issue 21, item 7: an authenticator code works once per account, and only for its own or the previous period. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());
afterEach(() => vi.useRealTimers());

const PERIOD_MS = 30_000;
const EMAIL = 'otto@company.example';

/** Password step, then the code step with `code`: the status and what the user is told. */
async function signInWith(code: string) {
  const { cookie } = await passwordStep(portal, EMAIL);
  const res = await portal.request('/api/auth/two-factor/verify-totp', { body: { code }, cookie });
  return { status: res.status, message: ((await res.json()) as { message?: string }).message };
}

describe('office authenticator codes', () => {
  it('work once each: a replayed code and a code of the next period are refused, the previous period’s works once', async () => {
    // The clock of this process (the server's too) stands still mid-period, so no period ends during a step.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2;
    vi.setSystemTime(start);
    const { token } = await inviteOffice(portal, EMAIL, 'staff');
    const { secret } = await setUpOffice(portal, token); // used the previous period's code
    const codeAt = (offset: number) => totpCode(secret, start + offset * PERIOD_MS);

    vi.setSystemTime(start + PERIOD_MS); // one period later: the set-up's current period is now the previous one
    const refused = { status: 401, message: 'That code is not valid.' };
    expect(await signInWith(codeAt(2))).toEqual(refused); // the next period's code
    expect((await signInWith(codeAt(0))).status).toBe(200); // the previous period's code, once
    expect(await signInWith(codeAt(0))).toEqual(refused); // ... and not twice
    expect((await signInWith(codeAt(1))).status).toBe(200); // the current period's code, once
    expect(await signInWith(codeAt(1))).toEqual(refused); // ... and not twice
    expect(await signInWith(codeAt(0))).toEqual(refused); // nor an earlier one after a later one was used
  });

  it('the set-up’s own code counts as used: it does not sign in afterwards', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2);
    const email = 'una@company.example';
    const { token } = await inviteOffice(portal, email, 'staff');
    const setUp = await setUpOffice(portal, token);
    const setupCode = totpCode(setUp.secret, Date.now() - PERIOD_MS);
    const { cookie } = await passwordStep(portal, email);
    const res = await portal.request('/api/auth/two-factor/verify-totp', { body: { code: setupCode }, cookie });
    expect(res.status).toBe(401);
  });
});
