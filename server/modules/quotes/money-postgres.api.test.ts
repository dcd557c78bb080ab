import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTotal, quoteTotals } from '../../../domain/money';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

/**
 * Money checked against an independent computation: PostgreSQL's own numeric arithmetic (round,
 * sum), on the embedded database and on a PostgreSQL server, for many random quotes.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const decimal = (maxWhole: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 }), fc.integer({ min: 0, max: places }))
    .map(([whole, frac, shown]) => (shown === 0 ? String(whole) : `${whole}.${String(frac).padStart(places, '0').slice(0, shown)}`));
const lineArb = fc.record({
  quantity: decimal(9999, 2).filter((q) => !/^0(\.0*)?$/.test(q)),
  unitPrice: fc.oneof(decimal(99, 2), decimal(99_999, 2), decimal(999_999, 2)),
  optional: fc.boolean(),
  chosen: fc.boolean(),
});
const quoteArb = fc.record({
  lines: fc.array(lineArb, { maxLength: 20 }),
  taxRate: fc.oneof(fc.constant('0'), decimal(25, 3), fc.constant('100')),
});

describe('money against PostgreSQL', () => {
  it('gives the same line totals, subtotals, tax and totals as PostgreSQL numeric on 500 random quotes', async () => {
    const quotes = fc.sample(quoteArb, { numRuns: 500, seed: 20260 });
    const lines = quotes.flatMap((q, qi) =>
      q.lines.map((l, li) => ({ q: qi, i: li, qty: l.quantity, price: l.unitPrice, optional: l.optional, chosen: l.chosen })),
    );
    const rates = quotes.map((q, qi) => ({ q: qi, rate: q.taxRate }));
    // Numbers travel as JSON strings and are cast to numeric by PostgreSQL: no float on either side.
    const lineRows = await sql<{ q: number; i: number; lt: string }>`
      SELECT q, i, round(qty::numeric * price::numeric, 2)::text AS lt
      FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(q int, i int, qty text, price text)
      ORDER BY q, i`.execute(portal.db);
    const totals = await sql<{ q: number; subtotal: string; tax: string; total: string; approved: string }>`
      WITH l AS (
        SELECT q, round(qty::numeric * price::numeric, 2) AS lt, optional, chosen
        FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(q int, qty text, price text, optional boolean, chosen boolean)
      ), s AS (
        SELECT r.q, r.rate::numeric AS rate,
               coalesce(sum(l.lt) FILTER (WHERE NOT l.optional), 0.00) AS required,
               coalesce(sum(l.lt) FILTER (WHERE NOT l.optional OR l.chosen), 0.00) AS picked
        FROM jsonb_to_recordset(${JSON.stringify(rates)}::jsonb) AS r(q int, rate text) LEFT JOIN l ON l.q = r.q
        GROUP BY r.q, r.rate
      )
      SELECT q, required::text AS subtotal, round(required * rate / 100, 2)::text AS tax,
             (required + round(required * rate / 100, 2))::text AS total,
             (picked + round(picked * rate / 100, 2))::text AS approved
      FROM s ORDER BY q`.execute(portal.db);

    expect(lineRows.rows.map((r) => r.lt)).toEqual(lines.map((l) => lineTotal(l.qty, l.price)));
    expect(totals.rows).toHaveLength(quotes.length);
    for (const [qi, q] of quotes.entries()) {
      const ours = quoteTotals(q.lines, q.taxRate);
      const approved = quoteTotals(q.lines, q.taxRate, (i) => q.lines[i]!.chosen);
      expect({ ...totals.rows[qi], q: undefined }).toEqual({ q: undefined, ...ours, approved: approved.total });
    }
    expect(lines.length).toBeGreaterThan(2000);
  });
});
