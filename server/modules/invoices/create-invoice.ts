import { sql } from 'kysely';
import type { z } from 'zod';
import type { createInvoiceSchema } from '../../../contracts/office/invoices';
import { InvalidInputError, NotFoundError } from '../../../domain/errors';
import { percentOfContract, splitTax } from '../../../domain/invoices/figures';
import { formatCents, normalizeMoney, parseCents } from '../../../domain/money';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { contractPosition } from './contract-position';
import { nothingToInvoice, orRefusal, overInvoiced, quoteNotApproved } from './errors';

export type CreateInvoiceBody = z.output<typeof createInvoiceSchema>;

/** The final invoice's line when the office gives no description. */
export const FINAL_INVOICE_LINE = 'Final invoice: balance of the contract';

/**
 * 'New invoice' on a work order made from an approved quote, saved as a draft (no number yet): a
 * progress invoice of an amount or of a percentage of the contract total, or the final invoice (what
 * remains of the contract total after every other invoice, drafts included). Its tax is the part of
 * the amount the contract's tax rate makes (domain/invoices/figures.ts splitTax). Refused when it
 * would make the invoiced sum exceed the contract total; the database refuses that too.
 */
export async function createInvoice(db: Db, meta: RequestMeta, input: { workOrderId: number; body: CreateInvoiceBody }): Promise<number> {
  const order = (
    await sql<{
      quote_id: number | string | null;
      email: string;
    }>`SELECT quote_id, email FROM work_orders WHERE id = ${input.workOrderId}`.execute(db)
  ).rows[0];
  if (!order) throw new NotFoundError('Work order not found.');
  if (order.quote_id == null) throw quoteNotApproved();
  const quoteId = Number(order.quote_id);
  const position = await contractPosition(db, quoteId, true);
  if (!position?.contractTotal) throw quoteNotApproved();
  const remaining = parseCents(position.contractTotal) - parseCents(position.invoiced);

  const { body } = input;
  let amount: bigint;
  if (body.kind === 'final') amount = remaining;
  else if (body.amount !== undefined) amount = parseCents(normalizeMoney(body.amount));
  else amount = parseCents(percentOfContract(position.contractTotal, body.percent!));
  if (amount <= 0n) {
    if (body.kind === 'final') throw nothingToInvoice();
    throw new InvalidInputError('invalid_request', 'This percentage of the contract total is less than a cent.', 'percent');
  }
  if (amount > remaining) throw remaining > 0n ? overInvoiced() : nothingToInvoice();

  const figures = splitTax(formatCents(amount), position.taxRate);
  const description = body.description ?? FINAL_INVOICE_LINE;
  const id = await orRefusal(async () => {
    const row = (
      await sql<{ id: number | string }>`
        INSERT INTO invoices (customer_id, email, work_order_id, quote_id, kind, subtotal, tax, total, created_by)
        VALUES ((SELECT c.id FROM customers c WHERE lower(c.email) = lower(${position.email}) ORDER BY c.id LIMIT 1), ${position.email},
                ${input.workOrderId}, ${quoteId}, ${body.kind}, ${figures.subtotal}, ${figures.tax}, ${figures.total}, ${meta.actor})
        RETURNING id`.execute(db)
    ).rows[0]!;
    await sql`INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES (${row.id}, 1, ${description}, ${figures.subtotal})`.execute(
      db,
    );
    return Number(row.id);
  });
  await audit(db, {
    actor: meta.actor,
    action: 'create-invoice',
    entity: 'invoice',
    entityId: id,
    after: {
      kind: body.kind,
      workOrderId: input.workOrderId,
      quoteId,
      description,
      ...(body.kind === 'progress' && body.percent !== undefined ? { percent: body.percent } : {}),
      ...figures,
      contractTotal: position.contractTotal,
      invoicedBefore: position.invoiced,
    },
    ip: meta.ip,
  });
  return id;
}
