import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DESCRIPTION_MAX, dashboardSchema, type Dashboard } from '../../../contracts/customer/dashboard';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { shorten } from './repository';

let portal: TestPortal;
let ana: string;
let ben: string;

const insertQuote = async (email: string, total: string, status: string, createdAt: string) =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
    VALUES (${email}, 'Deck', ${total}, ${status}, ${createdAt}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );
const insertOrder = async (email: string, status: string, submittedAt: string) =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status, submitted_at)
    VALUES (${email}, 'Job', '1 Main St', ${status}, ${submittedAt}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );

const quoteIds: number[] = [];
const activeIds: number[] = [];
beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com');
  ben = await portal.signUp('ben@example.com');
  // Seven quotes for Ana, oldest first (index 0 = January); one for Ben, newer than all of them.
  for (let month = 1; month <= 7; month++) {
    quoteIds.push(
      await insertQuote(
        month % 2 ? 'Ana@Example.com' : 'ana@example.com',
        `${month}00.50`,
        month === 7 ? 'Approved' : 'Sent',
        `2026-0${month}-01T09:00:00Z`,
      ),
    );
  }
  await insertQuote('ben@example.com', '9.99', 'Sent', '2026-09-01T09:00:00Z');
  // Six active orders (day 1..6) and finished ones that are newer, which must not show.
  for (let day = 1; day <= 6; day++) {
    activeIds.push(await insertOrder('ANA@example.com', day % 2 ? 'Pending' : 'In Progress', `2026-05-0${day}T23:30:00Z`));
  }
  await insertOrder('ana@example.com', 'Complete', '2026-06-01T00:00:00Z');
  await insertOrder('ana@example.com', 'Cancelled', '2026-06-02T00:00:00Z');
  await insertOrder('ben@example.com', 'Pending', '2026-06-03T00:00:00Z');
});
afterAll(() => portal?.close());

describe('GET /api/dashboard', () => {
  it("gives the five newest of the customer's quotes with id, exact 2-decimal total and status", async () => {
    const res = await portal.request('/api/dashboard', { cookie: ana });
    expect(res.status).toBe(200);
    const { recentQuotes } = dashboardSchema.parse(await res.json());
    expect(recentQuotes.map((q) => q.id)).toEqual(quoteIds.slice(2).reverse());
    expect(recentQuotes[0]).toEqual({ id: quoteIds[6], total: '700.50', status: 'Approved', description: 'Deck' });
  });

  it('gives only Pending and In Progress orders, newest first, at most five, with their UTC request date and exact submission time', async () => {
    const { activeWorkOrders } = (await (await portal.request('/api/dashboard', { cookie: ana })).json()) as Dashboard;
    expect(activeWorkOrders.map((o) => o.id)).toEqual(activeIds.slice(1).reverse());
    expect(activeWorkOrders[0]).toEqual({
      id: activeIds[5],
      request_date: '2026-05-06',
      submitted_at: '2026-05-06T23:30:00.000Z',
      status: 'In Progress',
      schedule: null,
      quoteId: null,
      description: 'Job',
    });
  });

  it('says what each job is, a long description shortened at a word with an ellipsis', async () => {
    const long = `Replace the rotten deck boards\n and   railings ${'along the whole back porch '.repeat(200)}`;
    await sql`UPDATE work_orders SET description = ${long} WHERE id = ${activeIds[4]}`.execute(portal.db);
    await sql`UPDATE quotes SET description = ${long} WHERE id = ${quoteIds[5]}`.execute(portal.db);
    const { recentQuotes, activeWorkOrders } = dashboardSchema.parse(
      await (await portal.request('/api/dashboard', { cookie: ana })).json(),
    );
    for (const row of [recentQuotes[1]!, activeWorkOrders[1]!]) {
      expect(row.description).toMatch(
        /^Replace the rotten deck boards and railings along the whole back porch along the whole [a-z ]*[a-z]…$/,
      );
      expect(row.description!.length).toBeLessThanOrEqual(DASHBOARD_DESCRIPTION_MAX + 1);
    }
    expect(shorten('Fix the  gate')).toBe('Fix the gate');
    expect(shorten('x'.repeat(300))).toBe(`${'x'.repeat(DASHBOARD_DESCRIPTION_MAX)}…`);
  });

  it("carries an order's schedule as the company's wall clock (set with plain SQL, America/Chicago)", async () => {
    await sql`UPDATE work_orders SET scheduled_date = '2026-11-01', arrival_start = '2026-11-01 01:30 America/Chicago',
      arrival_end = '2026-11-01 09:00 America/Chicago' WHERE id = ${activeIds[5]}`.execute(portal.db);
    const { activeWorkOrders } = dashboardSchema.parse(await (await portal.request('/api/dashboard', { cookie: ana })).json());
    expect(activeWorkOrders[0]).toMatchObject({
      id: activeIds[5],
      schedule: { date: '2026-11-01', from: '01:30', until: '09:00', timeZone: 'America/Chicago' },
    });
  });

  it("never shows another customer's records; empty lists for a customer with none", async () => {
    const carla = await portal.signUp('carla@example.com');
    expect(await (await portal.request('/api/dashboard', { cookie: carla })).json()).toEqual({
      recentQuotes: [],
      activeWorkOrders: [],
      hasRecords: false,
      balanceDue: '0.00',
    });
    const forBen = (await (await portal.request('/api/dashboard', { cookie: ben })).json()) as Dashboard;
    expect(forBen.recentQuotes).toEqual([expect.objectContaining({ total: '9.99' })]);
    expect(forBen.activeWorkOrders).toHaveLength(1);
  });

  it('answers 401 when signed out', async () => {
    expect((await portal.request('/api/dashboard')).status).toBe(401);
  });
});
