import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../test/harness';
import { withCustomerScope } from './customer-scope';

/** Status history is written by triggers (migration 011), whoever changes the status. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const quoteLog = async (quoteId: number) =>
  (await sql<{ status: string; timestamp: Date }>`SELECT status, "timestamp" FROM quote_status_log WHERE quote_id = ${quoteId} ORDER BY id`.execute(portal.db)).rows;

const orderEvents = async (orderId: number) =>
  portal.db
    .selectFrom('work_order_events')
    .select(['kind', 'from_status', 'to_status', 'actor_email', 'visible_to_customer', 'at'])
    .where('work_order_id', '=', orderId)
    .orderBy('id')
    .execute();

async function insertOrder(email: string, submittedAt = '2026-03-04T10:00:00Z') {
  const { rows } = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, submitted_at)
    VALUES (${email}, 'Leak', '1 Main', ${submittedAt}) RETURNING id`.execute(portal.db);
  return Number(rows[0]!.id);
}

describe('quote_status_log', () => {
  it('logs a new quote’s first status at its created_at, and each change made with plain SQL once', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
      VALUES ('log@example.com', 'Roof', 10, 'Draft', '2026-01-02T03:04:05Z') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE quotes SET status = 'Sent', total = 12 WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE quotes SET description = 'Roof and gutters' WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`.execute(portal.db);

    const log = await quoteLog(id);
    expect(log.map((r) => r.status)).toEqual(['Draft', 'Sent', 'Approved']);
    expect(new Date(log[0]!.timestamp).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(Date.now() - new Date(log[2]!.timestamp).getTime()).toBeLessThan(60_000);
  });
});

describe('work_order_events', () => {
  it('records a new order and every status change made with plain SQL, with no actor', async () => {
    const id = await insertOrder('sql@example.com');
    await sql`UPDATE work_orders SET status = 'In Progress' WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE work_orders SET address = '2 Main' WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE work_orders SET status = 'Complete' WHERE id = ${id}`.execute(portal.db);

    const events = await orderEvents(id);
    expect(events.map(({ at: _at, ...e }) => e)).toEqual([
      { kind: 'created', from_status: null, to_status: 'Pending', actor_email: null, visible_to_customer: true },
      { kind: 'status', from_status: 'Pending', to_status: 'In Progress', actor_email: null, visible_to_customer: true },
      { kind: 'status', from_status: 'In Progress', to_status: 'Complete', actor_email: null, visible_to_customer: true },
    ]);
    expect(new Date(events[0]!.at).toISOString()).toBe('2026-03-04T10:00:00.000Z');
  });

  it('names the customer who cancels in their own scope, and the office actor a transaction sets', async () => {
    const id = await insertOrder('cancel@example.com');
    await withCustomerScope(portal.db, 'Cancel@Example.com', (trx) => trx.updateTable('work_orders').set({ status: 'Cancelled' }).where('id', '=', id).execute());
    await portal.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('portal.actor', 'boss@company.example', true)`.execute(trx);
      await trx.updateTable('work_orders').set({ status: 'Pending' }).where('id', '=', id).execute();
    });
    const events = await orderEvents(id);
    expect(events.slice(1).map((e) => [e.actor_email, e.to_status])).toEqual([
      ['cancel@example.com', 'Cancelled'],
      ['boss@company.example', 'Pending'],
    ]);
  });

  it('shows a customer only the customer-visible events of their own orders, and lets them write none', async () => {
    const mine = await insertOrder('ana@example.com');
    const theirs = await insertOrder('ben@example.com');
    await portal.db
      .insertInto('work_order_events')
      .values({ work_order_id: mine, kind: 'note', body: 'Internal: tricky customer', visible_to_customer: false })
      .execute();
    const seen = await withCustomerScope(portal.db, 'ana@example.com', (trx) =>
      trx.selectFrom('work_order_events').select(['work_order_id', 'kind']).execute(),
    );
    expect(seen).toEqual([{ work_order_id: mine, kind: 'created' }]);
    expect(seen.some((e) => e.work_order_id === theirs)).toBe(false);

    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('work_order_events').values({ work_order_id: mine, kind: 'note', body: 'forged', visible_to_customer: true }).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    const quote = await sql<{ id: number }>`INSERT INTO quotes (email, status) VALUES ('ana@example.com', 'Sent') RETURNING id`.execute(portal.db);
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('quote_status_log').values({ quote_id: quote.rows[0]!.id, status: 'Approved', timestamp: new Date() }).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
