import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfficeAccount } from '../support/office';
import { createTestPortal, type TestPortal } from '../support/harness';

/** Issue 22.11: an unknown path under /api answers 404 JSON, whoever asks; known paths keep their guards. */
let portal: TestPortal;
let customer: string;
let staff: string;

beforeAll(async () => {
  portal = await createTestPortal();
  customer = await portal.signUp('ana.unknown@example.com');
  staff = (await createOfficeAccount(portal, 'sam.unknown@company.example', 'staff')).cookie;
});
afterAll(() => portal?.close());

describe('an unknown API path', () => {
  for (const path of [
    '/api',
    '/api/no-such-thing',
    '/api/quotes/7/no-such-thing',
    '/api/office/no-such-thing',
    '/api/auth/no-such-thing',
  ]) {
    it(`${path} is 404 JSON signed out, as a customer and as the office`, async () => {
      for (const cookie of [undefined, customer, staff]) {
        const res = await portal.request(path, { cookie });
        expect(res.status, `${path} ${cookie ? 'signed in' : 'signed out'}`).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_found');
      }
    });
  }
});

it('known paths keep their guards and answers', async () => {
  expect((await portal.request('/api/quotes')).status).toBe(401);
  expect((await portal.request('/api/quotes/7')).status).toBe(401);
  expect((await portal.request('/api/quotes', { cookie: customer })).status).toBe(200);
  expect((await portal.request('/api/quotes/999999', { cookie: customer })).status).toBe(404);
  expect((await portal.request('/api/office/quotes', { cookie: customer })).status).toBe(403);
  expect((await portal.request('/api/auth/get-session', { cookie: customer })).status).toBe(200);
  expect((await portal.request('/api/health')).status).toBe(200);
});
