import { sql } from 'kysely';
import { NotFoundError } from '../../../domain/errors';
import { parseCents } from '../../../domain/money';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { invoiceHasPayments, invoiceNotDraft, invoiceVoid, invoiceIssued, orRefusal } from './errors';
import { customerInvoiceUrl, voidedMail } from './mail';
import { findInvoice, recipientLocale } from './repository';

export interface VoidInvoiceDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

/**
 * 'Void' with a reason: an issued invoice with nothing paid on it (refund first) stops counting
 * against the contract total and takes no payment or reminder; it is kept, never deleted. The
 * customer, who was sent the invoice, is e-mailed that it was voided and why, in their language, in
 * the same transaction (decision 226).
 */
export async function voidInvoice(
  db: Db,
  meta: RequestMeta,
  { id, reason }: { id: number; reason: string },
  deps: VoidInvoiceDeps,
): Promise<void> {
  const timeZone = deps.config.company.timeZone;
  const invoice = await findInvoice(db, id, timeZone, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status === 'Draft') throw invoiceNotDraft();
  if (invoice.status === 'Void') throw invoiceVoid();
  if (parseCents(invoice.amount_paid) !== 0n) throw invoiceHasPayments();
  await orRefusal(() => sql`UPDATE invoices SET status = 'Void', void_reason = ${reason} WHERE id = ${id}`.execute(db));
  await enqueueMail(db, {
    kind: 'invoice-void',
    to: invoice.email.toLowerCase(),
    replyTo: deps.config.company.email,
    ...voidedMail(await recipientLocale(db, invoice.email), {
      company: deps.config.company.name,
      number: invoice.number!,
      total: invoice.total,
      reason,
      url: customerInvoiceUrl(deps.config.appUrl, invoice.id),
    }),
  });
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
