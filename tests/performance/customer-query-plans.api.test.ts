import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDashboard } from '../../server/modules/dashboard/repository';
import { findProfile } from '../../server/modules/profile/repository';
import { listForCustomer as listQuotes } from '../../server/modules/quotes/repository';
import { listForCustomer as listWorkOrders } from '../../server/modules/work-orders/repository';
import { withCustomerScope } from '../../server/platform/db/customer-scope';
import type { Database } from '../../server/platform/db/schema';
import { createTestPortal, type TestPortal } from '../support/harness';
import { testDatabaseKind } from '../support/database';

/**
 * Every customer-scoped list query, as the repositories build it, read through EXPLAIN on a
 * PostgreSQL database with many customers: each must reach its rows through an index, never by
 * reading a whole table (the planner reads small tables whole, so the tables are filled first).
 */
const BIG_TABLES = ['customers', 'quotes', 'quote_status_log', 'work_orders', 'work_order_events'];
const CUSTOMERS = 1_000;
const email = (i: number) => `plan-${i}@plans.example`;
const MEASURED = email(CUSTOMERS / 2);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const scans = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(scans)];

describe.runIf(testDatabaseKind() === 'postgres')('customer query plans on a big database', () => {
  let portal: TestPortal;
  let url: string;

  beforeAll(async () => {
    portal = await createTestPortal();
    url = portal.runtime.database.url!;
    const q = (text: string) => sql.raw(text).execute(portal.db);
    await q(`INSERT INTO customers (name, email, phone, address)
             SELECT 'Plan ' || i, 'plan-' || i || '@plans.example', '555', '1 Plan Street' FROM generate_series(1, ${CUSTOMERS}) AS i`);
    await q(`INSERT INTO quotes (email, description, total, status, created_at)
             SELECT 'plan-' || c || '@plans.example', 'Quote ' || n, 100.50, 'Sent', now() - make_interval(days => n)
               FROM generate_series(1, ${CUSTOMERS}) AS c, generate_series(1, 10) AS n`);
    await q(`INSERT INTO quote_status_log (quote_id, status, "timestamp")
             SELECT id, 'Draft', created_at - interval '1 day' FROM quotes`);
    await q(`INSERT INTO work_orders (email, description, address, status, submitted_at)
             SELECT 'plan-' || c || '@plans.example', 'Order ' || n, '1 Plan Street',
                    (ARRAY['Pending', 'In Progress', 'Complete', 'Cancelled'])[1 + n % 4], now() - make_interval(days => n)
               FROM generate_series(1, ${CUSTOMERS}) AS c, generate_series(1, 10) AS n`);
    // Invoices (the dashboard's balance due): one for every fourth quote, put in past their triggers
    // (contract totals and numbering are not what is measured here; replica mode skips them).
    await q(`BEGIN;
             SET LOCAL session_replication_role = replica;
             INSERT INTO invoices (number, email, quote_id, kind, status, issued_at, due_date, subtotal, total)
             SELECT 'INV-P' || id, email, id, 'progress', 'Sent', created_at, current_date + 14, 100.50, 100.50
               FROM quotes WHERE id % 4 = 0;
             COMMIT;`);
    await q('ANALYZE');
  }, 300_000);

  afterAll(() => portal?.close());

  /** The statements a repository call sends, captured as compiled (SQL and parameters). */
  async function statementsOf(work: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
    const captured: CompiledQuery[] = [];
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
    try {
      await withCustomerScope(db, MEASURED, (trx) => work(trx));
    } finally {
      await db.destroy();
    }
    // The scope's own settings statement is not a lookup.
    return captured.filter((query) => !query.sql.includes('set_config') && !/^(begin|commit|rollback)$/i.test(query.sql));
  }

  /** The plan of a statement as the customer runs it (same role and setting: row-level security included). */
  async function plan(query: CompiledQuery): Promise<PlanNode[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('portal.email', $1, true), set_config('role', 'portal_customer', true)`, [MEASURED]);
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, [
        ...query.parameters,
      ]);
      await client.query('ROLLBACK');
      return scans(rows[0]!['QUERY PLAN'][0].Plan);
    } finally {
      await client.end();
    }
  }

  const cases: [string, (db: Kysely<Database>) => Promise<unknown>][] = [
    ['quotes with their status history', (db) => listQuotes(db, MEASURED, 'America/Chicago')],
    ['work orders, all', (db) => listWorkOrders(db, MEASURED, 'All', 'America/Chicago')],
    ['work orders of one status', (db) => listWorkOrders(db, MEASURED, 'Pending', 'America/Chicago')],
    ['dashboard', (db) => loadDashboard(db, MEASURED, 'America/Chicago')],
    ['profile', (db) => findProfile(db, MEASURED)],
  ];

  it.each(cases)('%s: every table is reached through an index', async (_name, work) => {
    const statements = await statementsOf(work);
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      const nodes = await plan(statement);
      const wholeTableReads = nodes.filter((n) => n['Node Type'] === 'Seq Scan' && BIG_TABLES.includes(n['Relation Name'] ?? ''));
      expect(
        wholeTableReads.map((n) => n['Relation Name']),
        statement.sql,
      ).toEqual([]);
      expect(
        nodes.some((n) => /Index/.test(n['Node Type'])),
        statement.sql,
      ).toBe(true);
    }
  });
});
