import { CompiledQuery, Kysely, PostgresDialect, sql, type Compilable } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../tests/support/database';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { inlineParameters } from '../../platform/db/inline-parameters';
import { withOfficeScope } from '../../platform/db/office-scope';
import { auditQuery } from '../audit/repository';
import { openEntriesQuery } from '../inbox/repository';
import { listOfficeQuotes } from '../quotes/list-office-quotes';
import { listOfficeWorkOrders } from '../work-orders/list-office-work-orders';
import type { Database } from '../../platform/db/schema';
import { detailQueries, searchQuery } from './repository';

/**
 * The office's lists with 100,000 customers on PostgreSQL (runs in the api-postgres project, i.e.
 * when TEST_DATABASE_URL is set): the plan of each query the routes send, as the office's role,
 * uses indexes and never reads a whole table. The plans are printed (shortened in docs/features/office.md).
 */
const onPostgres = testDatabaseKind() === 'postgres';
const CUSTOMERS = 100_000;
const ZONE = 'America/Chicago';
let portal: TestPortal;

beforeAll(async () => {
  if (!onPostgres) return;
  portal = await createTestPortal();
  const surnames = `ARRAY['García','Smith','Nguyen','Johnson','Brown','López','Miller','Davis','Wilson','Núñez','Taylor','Anderson','Thomas','Jackson','White','Harris','Martin','Thompson','Martinez','Robinson']`;
  // Accented surnames (García, López, Núñez) are what the office types without accents; 'n Main Street' is each one's street.
  await sql
    .raw(
      `INSERT INTO customers (name, email, phone, address, account_number)
       SELECT 'Customer ' || n || ' ' || (${surnames})[1 + n % 20], 'customer' || n || '@example.com',
              '(555) ' || lpad((n % 1000)::text, 3, '0') || '-' || lpad((n % 10000)::text, 4, '0'), n || ' Main Street',
              CASE WHEN n % 3 = 0 THEN 'NWB-' || lpad(n::text, 6, '0') END
       FROM generate_series(1, ${CUSTOMERS}) n`,
    )
    .execute(portal.db);
  // A third of them registered (Better Auth's "user"), so the join to it is planned as in real life.
  await sql
    .raw(
      `INSERT INTO "user" (id, name, email, "emailVerified", "createdAt", "updatedAt", role)
       SELECT 'u' || n, 'Customer ' || n, 'customer' || n || '@example.com', n % 2 = 0, now(), now(), 'customer'
       FROM generate_series(1, ${CUSTOMERS}, 3) n`,
    )
    .execute(portal.db);
  await sql
    .raw(
      `INSERT INTO quotes (email, description, total, status)
       SELECT 'customer' || (1 + n % ${CUSTOMERS}) || '@example.com', 'Quote ' || n, n % 5000, 'Sent' FROM generate_series(1, 200000) n`,
    )
    .execute(portal.db);
  await sql
    .raw(
      `INSERT INTO work_orders (email, description, address)
       SELECT 'customer' || (1 + n % ${CUSTOMERS}) || '@example.com', 'Order ' || n, n || ' Main Street' FROM generate_series(1, 200000) n`,
    )
    .execute(portal.db);
  await sql
    .raw(
      `INSERT INTO quote_requests (quote_id, email, message)
       SELECT q.id, q.email, 'Please revise ' || q.id FROM quotes q WHERE q.id % 4 = 0`,
    )
    .execute(portal.db);
  await sql
    .raw(
      `INSERT INTO audit_log (at, actor_email, action, entity, entity_id)
       SELECT now() - make_interval(mins => n), 'clerk' || (n % 7) || '@company.example', 'edit', 'customer', (n % ${CUSTOMERS})::text
       FROM generate_series(1, 200000) n`,
    )
    .execute(portal.db);
  await sql`ANALYZE`.execute(portal.db);
}, 600_000);
afterAll(() => portal?.close());

/** EXPLAIN of a query exactly as the route sends it (same SQL, same parameters), run as the office's role. */
async function planOf(build: (trx: Parameters<Parameters<typeof withOfficeScope>[2]>[0]) => Compilable | CompiledQuery): Promise<string> {
  return withOfficeScope(portal.db, 'clerk@company.example', async (trx) => {
    const built = build(trx);
    const compiled = 'compile' in built ? built.compile() : built;
    const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** The statements a list function sends (its page, then its counts), captured as compiled, SQL and parameters. */
async function statementsOf(list: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const captured: CompiledQuery[] = [];
  const pool = new pg.Pool({ connectionString: portal.runtime.database.url!, max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: (event) => void captured.push(event.query) });
  try {
    await withOfficeScope(db, 'clerk@company.example', (trx) => list(trx));
  } finally {
    await db.destroy();
  }
  return captured.filter((query) => /^\s*(select|with)\b/i.test(query.sql) && /\b(quotes|work_orders)\b/.test(query.sql));
}

const report: string[] = [];

/** A node of EXPLAIN (FORMAT JSON)'s plan, with the fields read here. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];
const expectIndexed = (name: string, plan: string, tables: string[]) => {
  report.push(`--- ${name}\n${plan}`);
  for (const table of tables) expect(plan, `${name}: ${plan}`).not.toMatch(new RegExp(`Seq Scan on "?${table}\\b`));
  expect(plan).toMatch(/Index|Bitmap/);
};

describe.skipIf(!onPostgres)(`query plans with ${CUSTOMERS.toLocaleString('en')} customers (PostgreSQL)`, () => {
  afterAll(() => {
    if (report.length) console.log(report.join('\n\n'));
  });

  it('customer search: first page and a later page, without and with a search term', async () => {
    const first = await planOf((db) => searchQuery(db, { limit: 25 }));
    expectIndexed('customers, first page', first, ['customers', 'user']);
    const deep = await planOf((db) => searchQuery(db, { limit: 25, after: ['customer 70000 garcia', 70000] }));
    expectIndexed('customers, a page deep in the list', deep, ['customers', 'user']);
    // Names whole and in part, without and with accents, phone digits, e-mail parts, account #, streets.
    const terms = ['nguyen', 'customer 4242 nguyen', 'nunez', 'Núñez', 'customer 4242', 'lopez', 'LÓPEZ', 'garcia 1'];
    terms.push('4242', '555) 042', '5550424242', '555 042', '042-4242', 'nwb-0099', 'customer123@exa', '@example', 'customer');
    terms.push('4242 main', '4242 Main Street', 'main street');
    for (const q of terms) {
      expectIndexed(`customers, q=${q}`, await planOf((db) => searchQuery(db, { q, limit: 25 })), ['customers', 'user']);
    }
    const later = await planOf((db) => searchQuery(db, { q: 'nguyen', limit: 25, after: ['customer 50002 nguyen', 50002] }));
    expectIndexed('customers, q=nguyen, a later page', later, ['customers', 'user']);
  });

  /**
   * Each kind of term the office types (issue 27), planned as the route sends it: one statement with
   * the term written in as a literal (readInOfficeScope), run by the office's role. Whatever the kind,
   * the matches come from the trigram index (a bitmap scan of customers_search_trgm_idx), never from a
   * sequential scan of the 100,000 customers nor a walk of the name index; the planner's estimate of
   * the matches beside what it found is printed (it is often far off: a LIKE on trigrams is estimated
   * from the pattern alone, e.g. a few rows where thousands match, which is why the matches are a
   * MATERIALIZED common table expression, sorted apart, whatever the estimate).
   */
  it('customer search: the plan of each kind of term (names, partial names, accents, phone digits, e-mail parts, streets, account #)', async () => {
    const kinds: Record<string, string[]> = {
      names: ['nguyen', 'customer 4242 nguyen'],
      'partial names': ['nguy', 'custom', 'ander'],
      accents: ['Núñez', 'nunez', 'LÓPEZ', 'garcía'],
      'phone digits': ['5552424242', '555 242', '(555) 242-4242', '242-4242', '4242'],
      'e-mail parts': ['customer123@exa', '@example', 'customer4242@'],
      streets: ['4242 main', '4242 Main Street', 'main street'],
      'account #': ['nwb-0099', 'NWB-004242'],
    };
    const estimates: string[] = [];
    for (const [kind, terms] of Object.entries(kinds)) {
      for (const q of terms) {
        const sent = inlineParameters(searchQuery(portal.db, { q, limit: 25 }).compile());
        expect(sent.parameters, `${kind}: ${q} goes out as one statement`).toEqual([]);
        const plan = await withOfficeScope(portal.db, 'clerk@company.example', async (trx) => {
          const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
            CompiledQuery.raw(`EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${sent.sql}`),
          );
          return (rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan;
        });
        const nodes = flatten(plan);
        const where = `${kind}: ${q}`;
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
          where,
        ).not.toContain('customers');
        expect(
          nodes.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
          where,
        ).not.toContain('user');
        const trigram = nodes.filter((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === 'customers_search_trgm_idx');
        expect(trigram.length, `${where}: the matches come from the trigram index`).toBeGreaterThan(0);
        const heap = nodes.find((n) => n['Node Type'] === 'Bitmap Heap Scan' && n['Relation Name'] === 'customers')!;
        expect(heap, where).toBeDefined();
        expect(heap['Actual Rows'], `${where}: finds someone`).toBeGreaterThan(0);
        estimates.push(
          `${kind.padEnd(14)} ${JSON.stringify(q).padEnd(20)} estimated ${String(heap['Plan Rows']).padStart(6)}, found ${String(heap['Actual Rows']).padStart(6)}`,
        );
      }
    }
    report.push(`--- customers search, the matches per term: the planner's estimate and what it found\n${estimates.join('\n')}`);
  });

  it('quotes and work orders lists searched by description, address, e-mail or the customer (accents, names, streets)', async () => {
    for (const q of ['customer 4242 nguyen', 'jose', 'Núñez 77', 'quote 4242', 'customer4242@', '4242 main street', 'order 31337']) {
      const quoteStatements = await statementsOf((db) => listOfficeQuotes(db, { q, limit: 25 }, ZONE));
      expect(quoteStatements).toHaveLength(2);
      for (const [i, statement] of quoteStatements.entries()) {
        expectIndexed(`quotes ${i ? 'counts' : 'page'}, q=${q}`, await planOf(() => statement), ['quotes', 'customers']);
      }
      const orderStatements = await statementsOf((db) => listOfficeWorkOrders(db, { q, limit: 25 }, ZONE));
      expect(orderStatements).toHaveLength(2);
      for (const [i, statement] of orderStatements.entries()) {
        expectIndexed(`work orders ${i ? 'counts' : 'page'}, q=${q}`, await planOf(() => statement), ['work_orders', 'customers']);
      }
    }
  });

  it('the customer page: profile, quotes, work orders, revision requests', async () => {
    const lists = (db: Parameters<typeof detailQueries>[0]) => detailQueries(db, 'Customer4242@example.com', 'America/Chicago');
    expectIndexed('detail: quotes', await planOf((db) => lists(db).quotes), ['quotes']);
    expectIndexed('detail: work orders', await planOf((db) => lists(db).workOrders), ['work_orders']);
    expectIndexed('detail: revision requests', await planOf((db) => lists(db).revisionRequests), ['quote_requests']);
  });

  it('the inbox and the audit log', async () => {
    expectIndexed('inbox, first page', await planOf((db) => openEntriesQuery(db, { limit: 25 })), ['office_inbox', 'customers']);
    const at = new Date(Date.now() - 3_600_000).toISOString();
    expectIndexed('inbox, a later page', await planOf((db) => openEntriesQuery(db, { limit: 25, after: [at, 100000] })), [
      'office_inbox',
      'customers',
    ]);
    expectIndexed('audit, first page', await planOf((db) => auditQuery(db, { limit: 50, timeZone: ZONE })), ['audit_log']);
    expectIndexed(
      'audit, by person',
      await planOf((db) => auditQuery(db, { limit: 50, actor: 'Clerk3@company.example', timeZone: ZONE })),
      ['audit_log'],
    );
    expectIndexed(
      'audit, by record',
      await planOf((db) => auditQuery(db, { limit: 50, entity: 'customer', entityId: '4242', timeZone: ZONE })),
      ['audit_log'],
    );
    expectIndexed(
      'audit, by days',
      await planOf((db) => auditQuery(db, { limit: 50, from: '2026-01-01', to: '2026-01-31', timeZone: ZONE })),
      ['audit_log'],
    );
  });
});
