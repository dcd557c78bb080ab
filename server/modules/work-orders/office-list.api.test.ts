import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeWorkOrderPageSchema, type OfficeWorkOrderPage } from '../../../contracts/office/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** GET /api/office/work-orders: every customer's orders for the office, paged by keyset. */
let portal: TestPortal;
let staff: string;
let customer: string;

const insertOrder = async (email: string, status: string, submittedAt: string, description = 'Fix the fence') =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status, submitted_at)
        VALUES (${email}, ${description}, '1 Main St', ${status}, ${submittedAt}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );

const list = async (query = '', cookie = staff) => {
  const res = await portal.request(`/api/office/work-orders${query}`, { cookie });
  expect(res.status).toBe(200);
  return officeWorkOrderPageSchema.parse(await res.json());
};

const ids: number[] = [];
beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  customer = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  const statuses = ['Pending', 'In Progress', 'Complete', 'Cancelled'];
  for (let day = 1; day <= 9; day++) {
    ids.push(await insertOrder(day % 2 ? 'ANA@example.com' : 'walk-in@example.com', statuses[day % 4]!, `2026-03-0${day}T12:00:00Z`));
  }
  ids.push(await insertOrder('ana@example.com', 'Pending', '2026-03-09T12:00:00Z', 'Leaking 100% of the time_ roof'));
});
afterAll(() => portal?.close());

describe('GET /api/office/work-orders', () => {
  it('lists every customer order newest first, with the customer when a profile has its e-mail', async () => {
    const { workOrders } = await list();
    expect(workOrders.map((w) => w.id)).toEqual([ids[9], ids[8], ids[7], ids[6], ids[5], ids[4], ids[3], ids[2], ids[1], ids[0]]);
    const ana = workOrders.find((w) => w.id === ids[0])!;
    expect(ana.customer).toEqual({ id: expect.any(Number), name: 'Ana Ruiz', email: 'ANA@example.com' });
    expect(workOrders.find((w) => w.id === ids[1])!.customer).toEqual({ id: null, name: null, email: 'walk-in@example.com' });
  });

  it('counts each status under the search and dates, and filters by one', async () => {
    expect((await list()).counts).toEqual({ Pending: 3, 'In Progress': 3, Complete: 2, Cancelled: 2 });
    const pending = await list('?status=Pending');
    expect(pending.workOrders.map((w) => w.status)).toEqual(['Pending', 'Pending', 'Pending']);
    expect(pending.counts.Complete).toBe(2);
    const early = await list('?from=2026-03-02&to=2026-03-04');
    expect(early.workOrders.map((w) => w.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(Object.values(early.counts).reduce((a, b) => a + b)).toBe(3);
  });

  it('searches description, address and e-mail, taking % and _ literally', async () => {
    expect((await list('?q=walk-in')).workOrders).toHaveLength(4);
    expect((await list(`?q=${encodeURIComponent('100% of the time_')}`)).workOrders.map((w) => w.id)).toEqual([ids[9]]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).workOrders.map((w) => w.id)).toEqual([ids[9]]);
  });

  it('pages by keyset: every order exactly once, same-time orders included', async () => {
    const seen: number[] = [];
    let page: OfficeWorkOrderPage = await list('?limit=3');
    for (;;) {
      seen.push(...page.workOrders.map((w) => w.id));
      if (!page.nextCursor) break;
      page = await list(`?limit=3&after=${page.nextCursor}`);
    }
    // ids[8] and ids[9] share a submission time: the id breaks the tie, and neither is lost at a page edge.
    expect(seen).toEqual([...ids].reverse());
  });

  it('loses no order at a page edge when orders share a millisecond (the database keeps microseconds)', async () => {
    const close = [
      await insertOrder('micro@example.com', 'Pending', '2027-01-01T00:00:00.123456Z', 'micro a'),
      await insertOrder('micro@example.com', 'Pending', '2027-01-01T00:00:00.123400Z', 'micro b'),
      await insertOrder('micro@example.com', 'Pending', '2027-01-01T00:00:00.123000Z', 'micro c'),
    ];
    const seen: number[] = [];
    let page: OfficeWorkOrderPage = await list('?q=micro&limit=1');
    for (;;) {
      seen.push(...page.workOrders.map((w) => w.id));
      if (!page.nextCursor) break;
      page = await list(`?q=micro&limit=1&after=${page.nextCursor}`);
    }
    expect(seen).toEqual(close);
    await sql`DELETE FROM work_orders WHERE email = 'micro@example.com'`.execute(portal.db);
  });

  it('refuses a forged cursor, a bad status and a customer', async () => {
    const forged = await portal.request('/api/office/work-orders?after=bm90LWpzb24', { cookie: staff });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ error: { message: 'This page link is not valid.' } });
    expect((await portal.request('/api/office/work-orders?status=Lost', { cookie: staff })).status).toBe(400);
    expect((await portal.request('/api/office/work-orders', { cookie: customer })).status).toBe(403);
    expect((await portal.request('/api/office/work-orders')).status).toBe(401);
  });
});

describe('GET /api/office/work-orders: customer names, company days, schedules', () => {
  it("finds orders by the customer's name (any case), as well as by e-mail", async () => {
    const byName = await list('?q=ruiz');
    // Ana Ruiz's profile e-mail is ana@example.com: her orders under ANA@example.com and ana@example.com both.
    expect(byName.workOrders.map((w) => w.id).sort((a, b) => a - b)).toEqual([ids[0], ids[2], ids[4], ids[6], ids[8], ids[9]]);
    expect(byName.workOrders.every((w) => w.customer.name === 'Ana Ruiz')).toBe(true);
    expect(Object.values(byName.counts).reduce((a, b) => a + b)).toBe(6);
    expect((await list(`?q=${encodeURIComponent('Ana R')}`)).workOrders).toHaveLength(6);
    // A name nobody has finds nothing; a walk-in (no profile) is still found by e-mail.
    expect((await list('?q=Nobody%20Here')).workOrders).toEqual([]);
    expect((await list('?q=walk-in')).workOrders).toHaveLength(4);
  });

  it('filters by the day of submission in COMPANY_TIMEZONE (America/Chicago), not the UTC day', async () => {
    expect(portal.config.company.timeZone).toBe('America/Chicago');
    // 03:00 UTC on April 2 is 22:00 on April 1 in Chicago (CDT): an April 1 order for the office.
    const late = await insertOrder('night@example.com', 'Pending', '2026-04-02T03:00:00Z', 'late evening');
    // 05:30 UTC on April 2 is 00:30 on April 2 in Chicago.
    const early = await insertOrder('night@example.com', 'Pending', '2026-04-02T05:30:00Z', 'just after midnight');
    expect((await list('?q=night@&from=2026-04-01&to=2026-04-01')).workOrders.map((w) => w.id)).toEqual([late]);
    expect((await list('?q=night@&from=2026-04-02&to=2026-04-02')).workOrders.map((w) => w.id)).toEqual([early]);
    expect((await list('?q=night@&from=2026-04-02')).workOrders.map((w) => w.id)).toEqual([early]);
    expect((await list('?q=night@&to=2026-04-01')).workOrders.map((w) => w.id)).toEqual([late]);
    expect((await list('?q=night@&from=2026-04-01&to=2026-04-02')).counts.Pending).toBe(2);
  });

  it("shows each order's visit (none for a Cancelled one) and filters by the visit's day", async () => {
    const booked = await insertOrder('visit@example.com', 'In Progress', '2026-05-01T15:00:00Z', 'booked');
    const dropped = await insertOrder('visit@example.com', 'Pending', '2026-05-01T16:00:00Z', 'dropped');
    const open = await insertOrder('visit@example.com', 'Pending', '2026-05-01T17:00:00Z', 'not booked');
    for (const id of [booked, dropped]) {
      await sql`UPDATE work_orders SET scheduled_date = '2026-05-12', arrival_start = '2026-05-12T13:00:00Z', arrival_end = '2026-05-12T15:30:00Z'
        WHERE id = ${id}`.execute(portal.db);
    }
    await sql`UPDATE work_orders SET status = 'Cancelled' WHERE id = ${dropped}`.execute(portal.db);
    const { workOrders } = await list('?q=visit@');
    const row = (id: number) => workOrders.find((w) => w.id === id)!;
    expect(row(booked).schedule).toEqual({
      date: '2026-05-12',
      from: '08:00',
      until: '10:30',
      timeZone: 'America/Chicago',
      start: '2026-05-12T13:00:00.000Z',
      end: '2026-05-12T15:30:00.000Z',
    });
    expect(row(dropped).schedule).toBeNull();
    expect(row(open).schedule).toBeNull();
    expect((await list('?scheduled=2026-05-12')).workOrders.map((w) => w.id)).toEqual([dropped, booked]);
    expect((await list('?scheduled=2026-05-12&status=In%20Progress')).workOrders.map((w) => w.id)).toEqual([booked]);
    expect((await list('?scheduled=2026-05-13')).workOrders).toEqual([]);
    expect((await portal.request('/api/office/work-orders?scheduled=tomorrow', { cookie: staff })).status).toBe(400);
  });
});
