import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderDetailSchema, workOrderListSchema } from '../../../contracts/customer/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** What the customer sees of an order run from the office: schedule, quote link, visible timeline; nothing internal. */
let portal: TestPortal;
let staff: string;
let ana: string;
let ben: string;
const STAFF_EMAIL = 'internal-staff@company.example';
const INTERNAL = 'INTERNAL-ONLY-91c2: customer is difficult';

let orderId: number;

const office = async (path: string, body: unknown) => {
  const res = await portal.request(`/api/office/work-orders/${orderId}${path}`, { cookie: staff, body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
};
const detail = async (cookie: string, id = orderId) => portal.request(`/api/work-orders/${id}`, { cookie });

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, STAFF_EMAIL, 'staff')).cookie;
  ana = await portal.signUp('ana@example.com');
  ben = await portal.signUp('ben@example.com');
  orderId = Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, submitted_at)
      VALUES ('Ana@Example.com', 'Leaking roof', '7 Birch Lane', '2026-10-01T15:00:00Z') RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );
  await office('/notes', { body: INTERNAL });
  await office('/status', { status: 'In Progress' });
  await office('/schedule', { date: '2027-01-15', from: '08:00', until: '10:30' });
  await office('/notes', { body: 'The shingles arrive Monday.', visibleToCustomer: true });
  await office('/schedule', { date: '2027-01-18', from: '13:00', until: '15:00' });
  // The office's old habit: a status change with plain SQL.
  await sql`UPDATE work_orders SET status = 'Complete' WHERE id = ${orderId}`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('GET /api/work-orders/:id', () => {
  it('gives the order with its schedule and the visible timeline, oldest first, SQL changes included', async () => {
    const res = await detail(ana);
    expect(res.status).toBe(200);
    const { workOrder, timeline } = workOrderDetailSchema.parse(await res.json());
    expect(workOrder).toMatchObject({
      id: orderId,
      status: 'Complete',
      quoteId: null,
      // Completed before its visit: the visit is not announced any more (the timeline keeps it).
      schedule: null,
    });
    expect(
      timeline.map((e) => [
        e.kind,
        e.fromStatus,
        e.toStatus,
        e.body,
        e.schedule && `${e.schedule.date} ${e.schedule.from}-${e.schedule.until}`,
      ]),
    ).toEqual([
      ['created', null, 'Pending', null, null],
      ['status', 'Pending', 'In Progress', null, null],
      ['schedule', null, null, null, '2027-01-15 08:00-10:30'],
      ['note', null, null, 'The shingles arrive Monday.', null],
      ['schedule', null, null, null, '2027-01-18 13:00-15:00'],
      ['status', 'In Progress', 'Complete', null, null],
    ]);
    expect(timeline[0]!.at).toBe('2026-10-01T15:00:00.000Z');
  });

  it('never puts an internal note or a staff e-mail in any customer answer', async () => {
    const answers = await Promise.all(
      [`/api/work-orders/${orderId}`, '/api/work-orders', '/api/work-orders?status=Complete', '/api/dashboard', '/api/profile'].map(
        async (path) => (await portal.request(path, { cookie: ana })).text(),
      ),
    );
    for (const text of answers) {
      expect(text).not.toContain('INTERNAL-ONLY-91c2');
      expect(text).not.toContain(STAFF_EMAIL);
      expect(text).not.toContain('company.example');
    }
    // Not even the customer's database role can read who on the staff did what (migration 042).
    const { withCustomerScope } = await import('../../platform/db/customer-scope');
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) => trx.selectFrom('work_order_events').select('actor_email').execute()),
    ).rejects.toThrow(/permission denied/);
  });

  it("answers 404 for another customer's order, like one that does not exist", async () => {
    const other = await detail(ben);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found', message: 'Work order not found.' } });
    expect((await detail(ana, 999999)).status).toBe(404);
    expect((await portal.request('/api/work-orders/abc', { cookie: ana })).status).toBe(400);
    expect((await portal.request(`/api/work-orders/${orderId}`)).status).toBe(401);
  });

  it('shows the cancel reason the office gave, and the list carries every order with its schedule (null when none)', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('ana@example.com', 'Paint', '7 Birch Lane') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    const res = await portal.request(`/api/office/work-orders/${id}/status`, {
      cookie: staff,
      body: { status: 'Cancelled', reason: 'Duplicate of your roof order' },
    });
    expect(res.status).toBe(200);
    const { timeline } = workOrderDetailSchema.parse(await (await detail(ana, id)).json());
    expect(timeline.at(-1)).toMatchObject({ kind: 'status', toStatus: 'Cancelled', body: 'Duplicate of your roof order' });
    const list = workOrderListSchema.parse(await (await portal.request('/api/work-orders', { cookie: ana })).json());
    expect(list.workOrders.find((o) => o.id === id)).toMatchObject({ schedule: null, quoteId: null, status: 'Cancelled' });
    expect(list.workOrders.find((o) => o.id === orderId)?.schedule).toBeNull();
    // An order with a visit ahead carries it.
    await sql`UPDATE work_orders SET status = 'In Progress' WHERE id = ${orderId}`.execute(portal.db);
    const again = workOrderListSchema.parse(await (await portal.request('/api/work-orders', { cookie: ana })).json());
    expect(again.workOrders.find((o) => o.id === orderId)?.schedule).toMatchObject({ date: '2027-01-18', from: '13:00' });
  });
});
