import { sql } from 'kysely';
import { NotFoundError } from '../../../domain/errors';
import { parseCents } from '../../../domain/money';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { invoiceHasPayments, invoiceNotDraft, invoiceVoid, invoiceIssued, orRefusal } from './errors';
import { findInvoice } from './repository';

/**
 * 'Void' with a reason: an issued invoice with nothing paid on it (refund first) stops counting
 * against the contract total and takes no payment or reminder; it is kept, never deleted.
 */
export async function voidInvoice(
  db: Db,
  meta: RequestMeta,
  { id, reason }: { id: number; reason: string },
  timeZone: string,
): Promise<void> {
  const invoice = await findInvoice(db, id, timeZone, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status === 'Draft') throw invoiceNotDraft();
  if (invoice.status === 'Void') throw invoiceVoid();
  if (parseCents(invoice.amount_paid) !== 0n) throw invoiceHasPayments();
  await orRefusal(() => sql`UPDATE invoices SET status = 'Void', void_reason = ${reason} WHERE id = ${id}`.execute(db));
  await audit(db, {
    actor: meta.actor,
    action: 'void-invoice',
    entity: 'invoice',
    entityId: id,
    before: { status: invoice.status },
    after: { status: 'Void', number: invoice.number, reason },
    ip: meta.ip,
  });
}

/** Throw a draft away (it never had a number, so no gap); an issued invoice is voided instead. */
export async function discardInvoice(db: Db, meta: RequestMeta, { id }: { id: number }, timeZone: string): Promise<void> {
  const invoice = await findInvoice(db, id, timeZone, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status !== 'Draft') throw invoiceIssued();
  await orRefusal(() => sql`DELETE FROM invoices WHERE id = ${id}`.execute(db));
  await audit(db, {
    actor: meta.actor,
    action: 'discard-invoice',
    entity: 'invoice',
    entityId: id,
    before: { status: 'Draft', kind: invoice.kind, total: invoice.total, workOrderId: invoice.work_order_id },
    ip: meta.ip,
  });
}
