import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceStatuses } from '../../../contracts/invoice-document';
import {
  amountPaid,
  balanceDue,
  depositAmount,
  invoiceNumberText,
  isOverdue,
  paidStatus,
  paymentFits,
  splitTax,
} from '../../../domain/invoices/figures';
import { formatCents, parseCents } from '../../../domain/money';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/**
 * The invoices' rules are held by the database (sql/invoices.sql) and computed in TypeScript
 * (domain/invoices/figures.ts) for previews and refusals: both must agree on many random cases.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const cents = (max: bigint) => fc.bigInt({ min: 1n, max }).map(formatCents);
const rate = fc.integer({ min: 0, max: 30_000 }).map((n) => (n / 1000).toFixed(3));
const day = fc
  .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('the arithmetic (domain = SQL functions)', () => {
  it('deposit, tax part, paid status, Overdue and number text agree', async () => {
    await fc.assert(
      fc.asyncProperty(
        cents(99_999_999_999n),
        fc.integer({ min: 0, max: 100 }),
        rate,
        fc.constantFrom(...invoiceStatuses),
        day,
        day,
        fc.integer({ min: 1, max: 200_000 }),
        async (total, percent, taxRate, status, due, today, n) => {
          const { rows } = await sql<{ deposit: string; tax: string; paid: string; listed: string; number: string }>`
            SELECT invoice_deposit_amount(${total}::numeric, ${percent}::int)::numeric(14,2)::text AS deposit,
                   invoice_tax_part(${total}::numeric, ${taxRate}::numeric)::numeric(14,2)::text AS tax,
                   invoice_paid_status(${total}::numeric, ${depositAmount(total, percent)}::numeric) AS paid,
                   invoice_listed_status(${status}, ${due}::date, ${today}::date) AS listed,
                   invoice_number_text(${n}::int) AS number`.execute(portal.db);
          const row = rows[0]!;
          expect(row.deposit).toBe(depositAmount(total, percent));
          expect(row.tax).toBe(splitTax(total, taxRate).tax);
          expect(row.paid).toBe(paidStatus(total, depositAmount(total, percent)));
          expect(row.listed === 'Overdue').toBe(isOverdue(status, due, today));
          expect(row.number).toBe(invoiceNumberText(n));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('payments and refunds (balance = total − payments + refunds, never negative)', () => {
  it('the table accepts exactly what the rule accepts, and keeps amount_paid and the status', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'parity.inv@example.com', {
      lines: [{ description: 'Job', quantity: '1', unitPrice: '9999999.99' }],
    });
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${quote.id}`.execute(portal.db);
    const step = fc.oneof(
      fc.record({ kind: fc.constant('pay' as const), amount: cents(60_000n) }),
      fc.record({ kind: fc.constant('refund' as const), amount: cents(60_000n), which: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(cents(100_000n), fc.array(step, { maxLength: 8 }), async (total, steps) => {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO invoices (email, quote_id, kind, subtotal, tax, total, due_date)
          VALUES ('parity.inv@example.com', ${quote.id}, 'progress', ${total}, 0, ${total}, '2030-01-01') RETURNING id`.execute(portal.db);
        const id = Number(rows[0]!.id);
        await sql`INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES (${id}, 1, 'x', ${total})`.execute(
          portal.db,
        );
        await sql`UPDATE invoices SET status = 'Sent' WHERE id = ${id}`.execute(portal.db);
        const kept: { id: number; amount: string; refundedPaymentId: number | null }[] = [];
        for (const s of steps) {
          const paid = amountPaid(kept);
          const payments = kept.filter((p) => p.refundedPaymentId === null);
          const target = s.kind === 'refund' && payments.length ? payments[s.which % payments.length]! : undefined;
          const leftOfTarget = target
            ? parseCents(target.amount) -
              kept.filter((p) => p.refundedPaymentId === target.id).reduce((a, p) => a + parseCents(p.amount), 0n)
            : 0n;
          const accepted =
            s.kind === 'pay'
              ? paidStatus(total, paid) !== 'Paid' && paymentFits(total, paid, s.amount)
              : !!target && parseCents(s.amount) <= leftOfTarget;
          if (s.kind === 'refund' && !target) continue;
          const insert =
            s.kind === 'pay'
              ? sql<{ id: number }>`INSERT INTO payments (invoice_id, amount, method) VALUES (${id}, ${s.amount}, 'cash') RETURNING id`
              : sql<{ id: number }>`INSERT INTO payments (invoice_id, amount, method, refunded_payment_id)
                                    VALUES (${id}, ${s.amount}, 'cash', ${target!.id}) RETURNING id`;
          const outcome = await insert.execute(portal.db).then(
            (r) => Number(r.rows[0]!.id),
            (err: { code?: string }) => err,
          );
          if (accepted) {
            expect(typeof outcome, JSON.stringify({ total, s, paid })).toBe('number');
            kept.push({ id: outcome as number, amount: s.amount, refundedPaymentId: s.kind === 'refund' ? target!.id : null });
          } else {
            // 23514: above the balance or the payment; 55000: a paid invoice takes no payment.
            expect(['23514', '55000'], JSON.stringify({ total, s, paid })).toContain((outcome as { code?: string }).code);
          }
          const stored = (
            await sql<{ status: string; amount_paid: string }>`SELECT status, amount_paid::text FROM invoices WHERE id = ${id}`.execute(
              portal.db,
            )
          ).rows[0]!;
          const expectedPaid = amountPaid(kept);
          expect(stored.amount_paid).toBe(expectedPaid);
          expect(stored.status).toBe(paidStatus(total, expectedPaid));
          expect(parseCents(balanceDue(total, expectedPaid, stored.status)) >= 0n).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
