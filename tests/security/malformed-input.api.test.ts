import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../server/app';
import { createTestPortal, type TestPortal } from '../support/harness';
import { createOfficeAccount } from '../support/office';

/**
 * Malformed input, the cases with one exact answer. The random part (every endpoint of the
 * contracts and of Better Auth, never a 5xx) is every-endpoint.api.test.ts.
 */
let portal: TestPortal;
let cookie: string;

beforeAll(async () => {
  portal = await createTestPortal();
  cookie = await portal.signUp('fuzz@example.com');
});
afterAll(() => portal?.close());

describe('malformed input', () => {
  it('a NUL or a lone surrogate in a field the office or the customer may clear is a 400 naming the field', async () => {
    const office = (await createOfficeAccount(portal, 'fuzz-clerk@company.example', 'staff')).cookie;
    const customer = await portal.db.selectFrom('customers').select('id').where('email', '=', 'fuzz@example.com').executeTakeFirstOrThrow();
    for (const [path, who] of [
      [`/api/office/customers/${customer.id}`, office],
      ['/api/profile', cookie],
    ] as const) {
      for (const address of ['\u0000', 'x\ud800']) {
        const res = await portal.request(path, { cookie: who, body: { name: 'Ana', phone: null, address } });
        expect(res.status).toBe(400);
        const { error } = (await res.json()) as { error: { message: string } };
        expect(error.message).toContain('address: The text contains characters that cannot be stored.');
      }
    }
  });

  it('a body over the limit gets 413 with a JSON message', async () => {
    const res = await portal.request('/api/work-orders', { cookie, body: { address: 'a', description: 'x'.repeat(MAX_BODY_BYTES + 10) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'too_large', message: 'The request is too large.' } });
  });

  it('stores script-laden text as text, unchanged', async () => {
    const description = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const res = await portal.request('/api/work-orders', { cookie, body: { address: '1 <b>Main</b>', description } });
    expect(res.status).toBe(201);
    const list = await (await portal.request('/api/work-orders', { cookie })).json();
    expect(list.workOrders).toHaveLength(1);
    expect(JSON.stringify(list)).toContain(JSON.stringify(description).slice(1, -1));
  });
});
