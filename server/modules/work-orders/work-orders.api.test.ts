import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_ID_MESSAGE } from '../../../contracts/fields';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

let portal: TestPortal;
let ana: string;
let ben: string;

/** Puts an order in with plain SQL, as the office would; returns its id. */
async function insertOrder(email: string, status: string, submittedAt: string, description = `${status} job`): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO work_orders (email, description, address, status, submitted_at)
    VALUES (${email}, ${description}, ${'7 Birch Lane'}, ${status}, ${submittedAt}) RETURNING id`.execute(portal.db);
  return Number(rows[0]!.id);
}
const statusOf = async (id: number) =>
  (await portal.db.selectFrom('work_orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const ids: Record<string, number> = {};
beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com');
  ben = await portal.signUp('ben@example.com');
  // Ana's rows are stored with another spelling of her address: still hers.
  ids.anaOld = await insertOrder('Ana@Example.COM', 'Complete', '2026-01-05T10:00:00Z');
  ids.anaMid = await insertOrder('ana@example.com', 'In Progress', '2026-02-05T10:00:00Z');
  ids.anaNew = await insertOrder('ANA@example.com', 'Pending', '2026-03-05T10:00:00Z');
  ids.anaCancelled = await insertOrder('ana@example.com', 'Cancelled', '2026-01-20T10:00:00Z');
  ids.ben = await insertOrder('ben@example.com', 'Pending', '2026-03-10T10:00:00Z');
});
afterAll(() => portal?.close());

const list = async (cookie: string, query = '') => {
  const res = await portal.request(`/api/work-orders${query}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { workOrders: { id: number; status: string; submitted_at: string; request_date: string }[] }).workOrders;
};

describe('GET /api/work-orders', () => {
  it("lists only the customer's own orders, newest submitted first, whatever the e-mail's case", async () => {
    const orders = await list(ana);
    expect(orders.map((o) => o.id)).toEqual([ids.anaNew, ids.anaMid, ids.anaCancelled, ids.anaOld]);
    expect(orders[0]).toMatchObject({
      status: 'Pending',
      address: '7 Birch Lane',
      submitted_at: '2026-03-05T10:00:00.000Z',
      request_date: '2026-03-05',
    });
    expect((await list(ben)).map((o) => o.id)).toEqual([ids.ben]);
  });

  it('filters by status; All is everything', async () => {
    expect((await list(ana, '?status=In%20Progress')).map((o) => o.id)).toEqual([ids.anaMid]);
    expect((await list(ana, '?status=Complete')).map((o) => o.id)).toEqual([ids.anaOld]);
    expect((await list(ana, '?status=All')).length).toBe(4);
  });

  it('refuses an unknown status filter with a clear message', async () => {
    const res = await portal.request('/api/work-orders?status=Lost', { cookie: ana });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toMatch(/^status: /);
  });
});

describe('POST /api/work-orders', () => {
  it('stores the order as Pending for the signed-in customer, trimmed, with submitted_at now and request_date its date', async () => {
    const before = Date.now();
    const res = await portal.request('/api/work-orders', {
      cookie: ben,
      body: { address: '  9 Pine Road ', description: ' Leaking roof \n' },
    });
    expect(res.status).toBe(201);
    const order = (await res.json()) as {
      id: number;
      status: string;
      address: string;
      description: string;
      submitted_at: string;
      request_date: string;
    };
    expect(order).toMatchObject({ status: 'Pending', address: '9 Pine Road', description: 'Leaking roof' });
    const submitted = new Date(order.submitted_at).getTime();
    expect(submitted).toBeGreaterThanOrEqual(before - 5_000);
    expect(submitted).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(order.request_date).toBe(order.submitted_at.slice(0, 10));

    const row = await portal.db.selectFrom('work_orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(row.email).toBe('ben@example.com');
    expect((await list(ben))[0]?.id).toBe(order.id);
  });

  it("ignores an e-mail or status in the body: the order is the caller's and Pending", async () => {
    const res = await portal.request('/api/work-orders', {
      cookie: ben,
      body: { address: '1 Main St', description: 'Fence', email: 'ana@example.com', status: 'Complete' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const row = await portal.db.selectFrom('work_orders').select(['email', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'ben@example.com', status: 'Pending' });
  });

  it.each([
    [{ description: 'No address' }, /address: Service address is required/],
    [{ address: '   ', description: 'Blank address' }, /address: Service address is required/],
    [{ address: '1 Main St', description: '' }, /description: Description of the issue is required/],
    [{ address: 'x'.repeat(301), description: 'Too long' }, /address: .*at most 300/],
    [{ address: '1 Main St', description: 'x'.repeat(4001) }, /description: .*at most 4000/],
    [{ address: 12, description: 'Wrong type' }, /address: /],
  ])('refuses %j with 400 and says why', async (body, message) => {
    const count = async () =>
      (
        await portal.db
          .selectFrom('work_orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const res = await portal.request('/api/work-orders', { cookie: ana, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    expect(Number(await count())).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await portal.request('/api/work-orders', { cookie: ana, method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/work-orders/:id/cancel', () => {
  const cancel = (id: number | string, cookie: string) => portal.request(`/api/work-orders/${id}/cancel`, { cookie, body: {} });

  it("cancels the owner's Pending order and returns it", async () => {
    const id = await insertOrder('Ana@example.com', 'Pending', '2025-06-01T00:00:00Z');
    const res = await cancel(id, ana);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, status: 'Cancelled' });
    expect(await statusOf(id)).toBe('Cancelled');
  });

  it('cancels an In Progress order', async () => {
    const id = await insertOrder('ana@example.com', 'In Progress', '2025-06-02T00:00:00Z');
    expect((await cancel(id, ana)).status).toBe(200);
    expect(await statusOf(id)).toBe('Cancelled');
  });

  it.each(['Complete', 'Cancelled'])('answers 409 for a %s order and leaves it as it was', async (status) => {
    const id = await insertOrder('ana@example.com', status, '2025-06-03T00:00:00Z');
    const res = await cancel(id, ana);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_cancellable');
    expect(await statusOf(id)).toBe(status);
  });

  it("answers 404 for another customer's order and does not touch it", async () => {
    const res = await cancel(ids.ben!, ana);
    expect(res.status).toBe(404);
    expect(await statusOf(ids.ben!)).toBe('Pending');
  });

  it('answers 404 for an order that does not exist, 400 with the one bad-id message for an id that is not one', async () => {
    expect((await cancel(999_999, ana)).status).toBe(404);
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await cancel(id, ana);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_request', message: BAD_ID_MESSAGE } });
    }
  });
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/work-orders', undefined],
    ['POST', '/api/work-orders', { address: 'a', description: 'b' }],
    ['POST', `/api/work-orders/1/cancel`, {}],
  ])('%s %s answers 401 and changes nothing', async (method, path, body) => {
    const res = await portal.request(path, { method, body });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('You must be logged in.');
  });

  it('a signed-out cancel leaves the order as it was', async () => {
    await portal.request(`/api/work-orders/${ids.anaNew}/cancel`, { body: {} });
    expect(await statusOf(ids.anaNew!)).toBe('Pending');
  });
});
