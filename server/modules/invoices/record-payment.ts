import { sql } from 'kysely';
import type { PaymentMethod } from '../../../contracts/invoice-document';
import type { Locale } from '../../../contracts/locale';
import { InvalidInputError, NotFoundError } from '../../../domain/errors';
import { balanceDue, paymentFits } from '../../../domain/invoices/figures';
import { MONEY_INPUT_PATTERN, normalizeMoney } from '../../../domain/money';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { invoiceNotPayable, orRefusal, paymentAboveBalance } from './errors';
import { customerInvoiceUrl, receiptMail } from './mail';
import { findInvoice, findPaymentByEvent, recipientLocale } from './repository';

export interface RecordPaymentInput {
  invoiceId: number;
  /** Dollars, at most 2 decimals ("120", "120.5", "120.50"). */
  amount: string;
  method: PaymentMethod;
  reference?: string | null;
  /** ISO 8601 (or YYYY-MM-DD, taken as noon UTC that day); now when absent. */
  receivedAt?: string;
  /** A provider's payment (the Stripe webhook): both given. A second delivery of the event records nothing. */
  provider?: string;
  providerEventId?: string;
  /** The account's person who paid (contract-spec §4), when known. */
  personId?: string | null;
  /** The receipt's language when the caller knows it (else the account's). */
  locale?: Locale;
}

export interface RecordPaymentDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

export interface RecordedPayment {
  paymentId: number;
  /** false: the provider's event was recorded before; nothing was written (and no receipt queued). */
  created: boolean;
  invoiceId: number;
  status: string;
  amountPaid: string;
  balanceDue: string;
}

/** YYYY-MM-DD -> noon UTC that day (the office types a date; noon keeps it that day in every zone of the Americas). */
const momentOf = (value: string | undefined) =>
  value === undefined ? null : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;

/**
 * A payment received on an invoice, by the office ('Record payment') or by the provider's signed
 * webhook (provider + providerEventId), in the caller's transaction. The invoice row is locked, so
 * two payments at once are counted one after the other; a payment above the balance, or on an invoice
 * that takes none, is refused (a domain error, nothing written) and the database refuses it too
 * (invoices.sql). A provider's event recorded before is a no-op answering the payment it made. The
 * receipt is queued in the same transaction, in the customer's language; the action is audited.
 */
export async function recordPayment(
  db: Db,
  meta: RequestMeta,
  input: RecordPaymentInput,
  deps: RecordPaymentDeps,
): Promise<RecordedPayment> {
  if (!MONEY_INPUT_PATTERN.test(input.amount))
    throw new InvalidInputError('invalid_request', 'Amount: dollars with at most 2 decimals.', 'amount');
  const amount = normalizeMoney(input.amount);
  if ((input.provider === undefined) !== (input.providerEventId === undefined)) {
    throw new Error('a provider payment names both its provider and its event');
  }
  const answer = async (paymentId: number, created: boolean): Promise<RecordedPayment> => {
    const now = (await findInvoice(db, input.invoiceId, deps.config.company.timeZone))!;
    return {
      paymentId,
      created,
      invoiceId: now.id,
      status: now.status,
      amountPaid: now.amount_paid,
      balanceDue: balanceDue(now.total, now.amount_paid, now.status),
    };
  };
  if (input.providerEventId !== undefined) {
    const seen = await findPaymentByEvent(db, input.providerEventId);
    if (seen) return answer(seen.id, false);
  }
  const invoice = await findInvoice(db, input.invoiceId, deps.config.company.timeZone, true);
  if (!invoice) throw new NotFoundError('Invoice not found.');
  if (invoice.status !== 'Sent' && invoice.status !== 'Partially Paid') throw invoiceNotPayable();
  if (!paymentFits(invoice.total, invoice.amount_paid, amount)) throw paymentAboveBalance();

  const inserted = await orRefusal(() =>
    sql<{ id: number | string; received_at: string }>`
      INSERT INTO payments (invoice_id, amount, method, reference, received_at, provider, provider_event_id, recorded_by, person_id)
      VALUES (${invoice.id}, ${amount}, ${input.method}, ${input.reference?.trim() || null},
              coalesce(${momentOf(input.receivedAt)}::timestamptz, now()), ${input.provider ?? null}, ${input.providerEventId ?? null},
              ${input.provider ? null : meta.actor}, ${input.personId ?? null})
      ON CONFLICT (provider_event_id) DO NOTHING
      RETURNING id, to_char(received_at AT TIME ZONE ${deps.config.company.timeZone}, 'YYYY-MM-DD') AS received_at`.execute(db),
  );
  const row = inserted.rows[0];
  if (!row) {
    // The same event, recorded by another instance meanwhile (it waited on the unique key).
    return answer((await findPaymentByEvent(db, input.providerEventId!))!.id, false);
  }
  const paymentId = Number(row.id);
  const result = await answer(paymentId, true);
  const locale = await recipientLocale(db, invoice.email, input.locale);
  await enqueueMail(db, {
    kind: 'invoice-receipt',
    to: invoice.email.toLowerCase(),
    replyTo: deps.config.company.email,
    ...receiptMail(locale, {
      company: deps.config.company.name,
      number: invoice.number!,
      amount,
      method: input.method,
      reference: input.reference?.trim() || null,
      receivedOn: row.received_at,
      refund: false,
      balanceDue: result.balanceDue,
      url: customerInvoiceUrl(deps.config.appUrl, invoice.id),
    }),
  });
  await audit(db, {
    actor: input.provider ? `${input.provider}` : meta.actor,
    action: 'record-payment',
    entity: 'invoice',
    entityId: invoice.id,
    before: { status: invoice.status, amountPaid: invoice.amount_paid },
    after: {
      paymentId,
      amount,
      method: input.method,
      number: invoice.number,
      status: result.status,
      amountPaid: result.amountPaid,
      ...(input.providerEventId ? { providerEventId: input.providerEventId } : {}),
    },
    ip: meta.ip,
  });
  return result;
}
