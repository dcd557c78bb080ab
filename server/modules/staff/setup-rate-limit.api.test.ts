import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_LIMIT } from '../../auth/office/setup-rate-limit';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { inviteOffice } from '../../../tests/support/office';

/** Issue 21, item 10: the public set-up endpoints answer 429 past a limit per client address. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const check = (token: string, ip: string) => portal.request('/api/office/setup/check', { body: { token }, ip });

describe('set-up link endpoints', () => {
  it('refuse an address past the limit with a clear message, even with a valid link; other addresses go on', async () => {
    const { token } = await inviteOffice(portal, 'guess@company.example');
    const guesser = '203.0.113.50';
    for (let i = 0; i < SETUP_LIMIT.max; i++) expect((await check(`guess-${i}`, guesser)).status).toBe(400);

    for (const step of ['check', 'password', 'finish']) {
      const res = await portal.request(`/api/office/setup/${step}`, {
        body: { token, password: 'a-long-new-password-1', code: '123456' },
        ip: guesser,
      });
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'too_many_attempts',
        message: 'Too many set-up attempts from your address. Please wait 15 minutes and try again.',
      });
    }
    expect((await check(token, '203.0.113.51')).status).toBe(200);
  });
});
