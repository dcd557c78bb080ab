import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const columns = async (table: string) =>
  (
    await sql<{
      column_name: string;
    }>`SELECT column_name FROM information_schema.columns WHERE table_name = ${table} ORDER BY ordinal_position`.execute(portal.db)
  ).rows.map((r) => r.column_name);

describe('the spec tables', () => {
  it('have the names and columns the office uses', async () => {
    expect(await columns('customers')).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'phone', 'address', 'account_number', 'created_at']),
    );
    expect(await columns('quotes')).toEqual(expect.arrayContaining(['id', 'email', 'description', 'created_at', 'total', 'status']));
    expect(await columns('quote_status_log')).toEqual(expect.arrayContaining(['id', 'quote_id', 'status', 'timestamp']));
    expect(await columns('quote_requests')).toEqual(expect.arrayContaining(['id', 'quote_id', 'email', 'message', 'requested_at']));
    expect(await columns('work_orders')).toEqual(
      expect.arrayContaining(['id', 'email', 'description', 'address', 'status', 'submitted_at', 'request_date']),
    );
  });

  it('take plain SQL inserts with defaults: ids, created_at, Pending, request_date derived', async () => {
    const quote = await sql<{ id: number; total: string; created_at: Date }>`
      INSERT INTO quotes (email, description, total, status) VALUES ('a@example.com', 'Roof', 1234.5, 'Approved') RETURNING *`.execute(
      portal.db,
    );
    expect(quote.rows[0]).toMatchObject({ total: '1234.50' });
    expect(quote.rows[0]!.created_at).toBeInstanceOf(Date);
    const history = await sql<{ status: string }>`SELECT status FROM quote_status_log WHERE quote_id = ${quote.rows[0]!.id}`.execute(
      portal.db,
    );
    // Putting a quote in is not a change of status: its history is what the office writes (migration 055).
    expect(history.rows).toEqual([]);

    const order = await sql<{ status: string; request_date: unknown; submitted_at: Date }>`
      INSERT INTO work_orders (email, description, address, submitted_at)
      VALUES ('a@example.com', 'Leak', '1 Main', '2026-03-04T23:30:00Z') RETURNING *`.execute(portal.db);
    expect(order.rows[0]!.status).toBe('Pending');
    const date = order.rows[0]!.request_date;
    expect(date instanceof Date ? date.toISOString().slice(0, 10) : String(date).slice(0, 10)).toBe('2026-03-04');
  });

  it('refuse an unknown work order status and a written request_date', async () => {
    await expect(
      sql`INSERT INTO work_orders (email, description, address, status) VALUES ('a@example.com', 'x', 'y', 'Lost')`.execute(portal.db),
    ).rejects.toThrow(/work_orders_status_check/);
    await expect(
      sql`INSERT INTO work_orders (email, description, address, request_date) VALUES ('a@example.com', 'x', 'y', '2020-01-01')`.execute(
        portal.db,
      ),
    ).rejects.toThrow(/request_date/);
  });

  it('index every customer-scoped table on lower(email)', async () => {
    const rows = (await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'`.execute(portal.db)).rows;
    for (const table of ['customers', 'quotes', 'quote_requests', 'work_orders']) {
      expect(rows.some((r) => r.indexdef.includes(`ON public.${table}`) && r.indexdef.includes('lower(email)'))).toBe(true);
    }
  });

  it('keep one customers row per e-mail whatever the letter case', async () => {
    await sql`INSERT INTO customers (email, name) VALUES ('Case@Example.com', 'A')`.execute(portal.db);
    await expect(sql`INSERT INTO customers (email, name) VALUES ('case@example.com', 'B')`.execute(portal.db)).rejects.toThrow();
  });
});

describe('the database functions', () => {
  it('have no SQL-language function with a SET clause: never inlined, such a function is planned again at every call (decision 285)', async () => {
    const { rows } = await sql<{ proname: string }>`
      SELECT p.proname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
       WHERE p.pronamespace = 'public'::regnamespace AND l.lanname = 'sql' AND p.proconfig IS NOT NULL
       ORDER BY p.proname`.execute(portal.db);
    expect(rows.map((r) => r.proname)).toEqual([]);
  });
});
