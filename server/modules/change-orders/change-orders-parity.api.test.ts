import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOrderFigures, contractTotal } from '../../../domain/change-orders/contract';
import { changeOrderListedStatus } from '../../../domain/change-orders/statuses';
import { changeOrderStatuses, type ChangeLine } from '../../../domain/change-orders/types';
import { formatCents, lineTotal } from '../../../domain/money';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';

/**
 * The contract total is ONE definition, in SQL (contract_total_of, contract_total in
 * sql/change-orders.sql): the pages read it from there, and the editor's preview (domain/change-orders)
 * must agree with it on many cases, as must expiry and the figures the send trigger checks.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const money = fc.bigInt({ min: -99_999_999n, max: 999_999_999n }).map(formatCents);
const day = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('contract total (contractTotal = contract_total_of)', () => {
  it('agree on random signed totals and approved amounts', async () => {
    await fc.assert(
      fc.asyncProperty(money, fc.array(money, { maxLength: 6 }), async (signed, amounts) => {
        const { rows } = await sql<{
          total: string;
        }>`SELECT contract_total_of(${signed}::numeric, ${`{${amounts.join(',')}}`}::numeric[])::numeric(14,2)::text AS total`.execute(
          portal.db,
        );
        expect(rows[0]!.total).toBe(contractTotal(signed, amounts));
      }),
      { numRuns: 150 },
    );
  });
});

describe('expiry (changeOrderListedStatus = change_order_listed_status)', () => {
  it('agree on every status and random days', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...changeOrderStatuses), day, day, async (status, answerBy, today) => {
        const { rows } = await sql<{
          s: string;
        }>`SELECT change_order_listed_status(${status}, ${answerBy}::date, ${today}::date) AS s`.execute(portal.db);
        expect(rows[0]!.s).toBe(changeOrderListedStatus(status, answerBy, today));
      }),
      { numRuns: 150 },
    );
  });
});

describe('figures (changeOrderFigures = the CHECKs on change_orders)', () => {
  it('the amount and totals the domain computes are the ones the table accepts, and one cent off is refused', async () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 99_999 }).map((n) => (n / 100).toFixed(2)),
      unitPrice: fc.integer({ min: 0, max: 9_999_999 }).map((n) => (n / 100).toFixed(2)),
      change: fc.constantFrom('added' as const, 'removed' as const),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 99_999_999 }).map((n) => formatCents(BigInt(n))),
        fc.integer({ min: 0, max: 15_000 }).map((n) => (n / 1000).toFixed(3)),
        fc.array(line, { maxLength: 5 }),
        async (subtotal, taxRate, picked) => {
          const changes: ChangeLine[] = picked.map((l, i) => ({
            key: `k${i}`,
            description: 'x',
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            lineTotal: lineTotal(l.quantity, l.unitPrice),
            change: l.change,
            old: null,
          }));
          const f = changeOrderFigures(subtotal, taxRate, changes);
          const { rows } = await sql<{ ok: boolean; off: boolean }>`
            SELECT (${f.totalBefore}::numeric = ${f.subtotalBefore}::numeric + round(${f.subtotalBefore}::numeric * ${taxRate}::numeric / 100, 2)
                AND ${f.totalAfter}::numeric = ${f.subtotalAfter}::numeric + round(${f.subtotalAfter}::numeric * ${taxRate}::numeric / 100, 2)
                AND ${f.amount}::numeric = ${f.totalAfter}::numeric - ${f.totalBefore}::numeric) AS ok,
                   (${f.totalAfter}::numeric + 0.01 = ${f.subtotalAfter}::numeric + round(${f.subtotalAfter}::numeric * ${taxRate}::numeric / 100, 2)) AS off`.execute(
            portal.db,
          );
          expect(rows[0]).toEqual({ ok: true, off: false });
        },
      ),
      { numRuns: 100 },
    );
  });
});
