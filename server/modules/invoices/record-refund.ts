import { sql } from 'kysely';
import { NotFoundError } from '../../../domain/errors';
import { balanceDue } from '../../../domain/invoices/figures';
import { formatCents, normalizeMoney, parseCents } from '../../../domain/money';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { invoiceNotPayable, orRefusal, refundAbovePayment, refundNotAPayment } from './errors';
import { customerInvoiceUrl, receiptMail } from './mail';
import { findInvoice, loadPayments, recipientLocale } from './repository';

export interface RecordRefundInput {
  invoiceId: number;
  paymentId: number;
  amount: string;
  /** YYYY-MM-DD. */
  receivedOn: string;
  reference?: string | null;
}

/**
 * 'Record refund': money given back from one payment of the invoice (at most what is left of it), a
 * payments row naming that payment; the balance grows again and the status follows (invoices.sql).
 * The customer gets a receipt of the refund in their language; the action is audited.
 */
export async function recordRefund(
  db: Db,
  meta: RequestMeta,
  input: RecordRefundInput,
  deps: { config: Pick<Config, 'appUrl' | 'company'> },
): Promise<void> {
  const tz = deps.config.company.timeZone;
  const invoice = await findInvoice(db, input.invoiceId, tz, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status === 'Draft' || invoice.status === 'Void') throw invoiceNotPayable();
  const payments = await loadPayments(db, invoice.id);
  const payment = payments.find((p) => p.id === input.paymentId && p.refunded_payment_id === null);
  if (!payment) throw refundNotAPayment();
  const refunded = payments.filter((p) => p.refunded_payment_id === payment.id).reduce((sum, p) => sum + parseCents(p.amount), 0n);
  const amount = normalizeMoney(input.amount);
  if (parseCents(amount) > parseCents(payment.amount) - refunded) throw refundAbovePayment();
  const reference = input.reference?.trim() || null;
  const row = (
    await orRefusal(() =>
      sql<{ id: number | string }>`
        INSERT INTO payments (invoice_id, amount, method, reference, received_at, refunded_payment_id, recorded_by)
        VALUES (${invoice.id}, ${amount}, ${payment.method}, ${reference}, ${`${input.receivedOn}T12:00:00Z`}::timestamptz,
                ${payment.id}, ${meta.actor})
        RETURNING id`.execute(db),
    )
  ).rows[0]!;
  const after = (await findInvoice(db, invoice.id, tz))!;
  const balance = balanceDue(after.total, after.amount_paid, after.status);
  await enqueueMail(db, {
    kind: 'invoice-refund',
    to: invoice.email.toLowerCase(),
    replyTo: deps.config.company.email,
    ...receiptMail(await recipientLocale(db, invoice.email), {
      company: deps.config.company.name,
      number: invoice.number!,
      amount,
      method: payment.method,
      reference,
      receivedOn: input.receivedOn,
      refund: true,
      balanceDue: balance,
      url: customerInvoiceUrl(deps.config.appUrl, invoice.id),
    }),
  });
  await audit(db, {
    actor: meta.actor,
    action: 'record-refund',
    entity: 'invoice',
    entityId: invoice.id,
    before: { status: invoice.status, amountPaid: invoice.amount_paid },
    after: {
      refundId: Number(row.id),
      paymentId: payment.id,
      amount,
      leftOfPayment: formatCents(parseCents(payment.amount) - refunded - parseCents(amount)),
      status: after.status,
      amountPaid: after.amount_paid,
    },
    ip: meta.ip,
  });
}
