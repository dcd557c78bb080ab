import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { withCustomerScope } from './customer-scope';

/** Status history is written by triggers (migrations 011, 013, 055), whoever changes the status. */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const quoteLog = async (quoteId: number) =>
  (
    await sql<{
      status: string;
      timestamp: Date;
    }>`SELECT status, "timestamp" FROM quote_status_log WHERE quote_id = ${quoteId} ORDER BY id`.execute(portal.db)
  ).rows;

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
  it('logs each change of status made with plain SQL once, and nothing when a quote is put in (migration 055)', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
      VALUES ('log@example.com', 'Roof', 10, 'Draft', '2026-01-02T03:04:05Z') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    expect(await quoteLog(id)).toEqual([]);
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${id}`.execute(portal.db);
    expect((await quoteLog(id)).map((r) => r.status)).toEqual(['Sent']);
    await sql`UPDATE quotes SET status = 'Sent', total = 12 WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE quotes SET description = 'Roof and gutters' WHERE id = ${id}`.execute(portal.db);
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`.execute(portal.db);

    const log = await quoteLog(id);
    expect(log.map((r) => r.status)).toEqual(['Sent', 'Approved']);
    expect(Date.now() - new Date(log[1]!.timestamp).getTime()).toBeLessThan(60_000);
  });
});

describe('history rows written by hand, as the office did before the trigger (migration 013)', () => {
  const history = async (cookie: string, quoteId: number) => {
    const res = await portal.request('/api/quotes', { cookie });
    const { quotes } = (await res.json()) as { quotes: { id: number; history: { status: string; timestamp: string }[] }[] };
    return quotes.find((q) => q.id === quoteId)!.history;
  };
  const insertQuote = async (email: string, status: string, createdAt?: string) => {
    const { rows } = createdAt
      ? await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
          VALUES (${email}, 'Roof', 10, ${status}, ${createdAt}) RETURNING id`.execute(portal.db)
      : await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
          VALUES (${email}, 'Roof', 10, ${status}) RETURNING id`.execute(portal.db);
    return Number(rows[0]!.id);
  };

  it('INSERT of a quote then its status by hand: the customer sees the status once', async () => {
    const cookie = await portal.signUp('hand-insert@example.com');
    const id = await insertQuote('hand-insert@example.com', 'Sent');
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${id}, 'Sent')`.execute(portal.db);
    expect((await history(cookie, id)).map((h) => h.status)).toEqual(['Sent']);
    expect((await quoteLog(id)).map((r) => r.status)).toEqual(['Sent']);
  });

  it('UPDATE of the status then the same status by hand: logged once per change', async () => {
    const cookie = await portal.signUp('hand-update@example.com');
    const id = await insertQuote('hand-update@example.com', 'Sent', '2026-02-01T10:00:00Z');
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${id}, 'Sent', '2026-02-01T10:00:00Z')`.execute(
      portal.db,
    );
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${id}, 'Approved')`.execute(portal.db);
    // In one transaction, as a careful script would write it, the same.
    await portal.db.transaction().execute(async (trx) => {
      await sql`UPDATE quotes SET status = 'Revision Requested' WHERE id = ${id}`.execute(trx);
      await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${id}, 'Revision Requested')`.execute(trx);
    });
    const seen = await history(cookie, id);
    expect(seen.map((h) => h.status)).toEqual(['Sent', 'Approved', 'Revision Requested']);
    expect(seen[0]!.timestamp).toBe('2026-02-01T10:00:00.000Z');
  });

  it('a hand row that dates the status moves the logged row to that date', async () => {
    const id = await insertQuote('hand-dated@example.com', 'Pending', '2026-03-01T09:00:00Z');
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${id}, 'Approved', '2026-03-03T12:00:00Z')`.execute(
      portal.db,
    );
    const log = await quoteLog(id);
    expect(log.map((r) => [r.status, new Date(r.timestamp).toISOString()])).toEqual([['Approved', '2026-03-03T12:00:00.000Z']]);
  });

  it('keeps every other hand row: a back-filled status, a second repeat, a repeat of an old trigger row', async () => {
    const id = await insertQuote('hand-other@example.com', 'Draft');
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${id}`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${id}, 'Draft', '2026-01-01T00:00:00Z')`.execute(
      portal.db,
    );
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${id}, 'Draft')`.execute(portal.db);
    expect((await quoteLog(id)).map((r) => r.status)).toEqual(['Sent', 'Draft', 'Draft']);

    const twice = await insertQuote('hand-other@example.com', 'Draft');
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${twice}`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${twice}, 'Sent')`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${twice}, 'Sent')`.execute(portal.db);
    expect((await quoteLog(twice)).map((r) => r.status)).toEqual(['Sent', 'Sent']);

    const old = await insertQuote('hand-other@example.com', 'Draft');
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${old}`.execute(portal.db);
    await sql`UPDATE quote_status_auto SET written_at = now() - interval '11 minutes' WHERE quote_id = ${old}`.execute(portal.db);
    await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${old}, 'Sent')`.execute(portal.db);
    expect((await quoteLog(old)).map((r) => r.status)).toEqual(['Sent', 'Sent']);
  });
});

describe('the status history the customer sees (GET /api/quotes) holds only what happened (migration 055)', () => {
  const history = async (cookie: string, quoteId: number) => {
    const res = await portal.request('/api/quotes', { cookie });
    expect(res.status).toBe(200);
    const { quotes } = (await res.json()) as { quotes: { id: number; history: { status: string; timestamp: string }[] }[] };
    return quotes.find((q) => q.id === quoteId)!.history;
  };

  it("a quote put in as 'Approved' with hand rows 'Sent' and 'Approved' shows exactly those two rows", async () => {
    const cookie = await portal.signUp('put-in-approved@example.com');
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
      VALUES ('put-in-approved@example.com', 'Kitchen', 18450, 'Approved', '2026-01-20T09:00:00Z') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES
      (${id}, 'Sent', '2026-01-10T15:00:00Z'), (${id}, 'Approved', '2026-01-14T16:30:00Z')`.execute(portal.db);
    expect(await history(cookie, id)).toEqual([
      { status: 'Sent', timestamp: '2026-01-10T15:00:00.000Z' },
      { status: 'Approved', timestamp: '2026-01-14T16:30:00.000Z' },
    ]);
  });

  it('a quote put in with no history rows shows no history', async () => {
    const cookie = await portal.signUp('put-in-bare@example.com');
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('put-in-bare@example.com', 'Fence', 900, 'Sent') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    expect(await history(cookie, id)).toEqual([]);

    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`.execute(portal.db);
    const after = await history(cookie, id);
    expect(after.map((h) => h.status)).toEqual(['Approved']);
    expect(Date.now() - Date.parse(after[0]!.timestamp)).toBeLessThan(60_000);
  });

  it("a quote the office makes (put in as 'Draft', then sent) shows 'Sent', then each change", async () => {
    const cookie = await portal.signUp('office-made@example.com');
    const { id } = await putSentQuoteWithSql(portal.db, 'office-made@example.com', {
      lines: [{ description: 'Boards', quantity: '2', unitPrice: '10' }],
    });
    expect((await quoteLog(id)).map((r) => r.status)).toEqual(['Sent']);
    expect((await history(cookie, id)).map((h) => h.status)).toEqual(['Sent']);
    await sql`UPDATE quotes SET status = 'Revision Requested' WHERE id = ${id}`.execute(portal.db);
    expect((await history(cookie, id)).map((h) => h.status)).toEqual(['Sent', 'Revision Requested']);
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
    await withCustomerScope(portal.db, 'Cancel@Example.com', (trx) =>
      trx.updateTable('work_orders').set({ status: 'Cancelled' }).where('id', '=', id).execute(),
    );
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
        trx
          .insertInto('work_order_events')
          .values({ work_order_id: mine, kind: 'note', body: 'forged', visible_to_customer: true })
          .execute(),
      ),
    ).rejects.toThrow(/permission denied/);
    const quote = await sql<{ id: number }>`INSERT INTO quotes (email, status) VALUES ('ana@example.com', 'Sent') RETURNING id`.execute(
      portal.db,
    );
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('quote_status_log').values({ quote_id: quote.rows[0]!.id, status: 'Approved', timestamp: new Date() }).execute(),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
