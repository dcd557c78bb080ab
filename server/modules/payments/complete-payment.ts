import type { Kysely } from 'kysely';
import { DomainError } from '../../../domain/errors';
import { formatCents, parseCents } from '../../../domain/money';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Logger } from '../../platform/logger';
import { recordPayment } from '../invoices/record-payment';
import type { CompletedPayment } from './payment-provider';
import { attemptForEvent, closeAttempt, flagForOffice, invoiceById } from './repository';

export type CompletionOutcome = 'recorded' | 'already_recorded' | 'refused' | 'already_refused' | 'unknown_invoice';

export interface CompletePaymentDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
  logger: Logger;
}

/** Refusals of record-payment that mean "the provider took money that cannot count here": the office must act. */
const REFUSALS = new Set(['payment_above_balance', 'invoice_not_payable']);

/**
 * A verified `checkout.session.completed` (paid): the payment is recorded once, by the provider's
 * event id (record-payment: the same event again records nothing), and its attempt is marked paid so
 * the customer's page says 'Thank you!'. A payment that cannot count (more than the balance, or an
 * invoice that takes none) records nothing: it is flagged in the office Inbox, once per event.
 * A database failure throws (the route answers 5xx) so that the provider retries the event.
 */
export async function completePayment(
  db: Kysely<Database>,
  meta: RequestMeta,
  payment: CompletedPayment,
  deps: CompletePaymentDeps,
): Promise<CompletionOutcome> {
  const invoiceId = Number(payment.invoiceId);
  const amount = formatCents(BigInt(payment.amountCents));
  try {
    return await db.transaction().execute(async (trx) => {
      const attempt = await attemptForEvent(trx, payment.attemptId, payment.providerSessionId);
      const recorded = await recordPayment(
        trx,
        meta,
        {
          invoiceId,
          amount,
          method: 'online',
          reference: payment.reference,
          provider: 'stripe',
          providerEventId: payment.eventId,
          personId: attempt?.person_id ?? null,
        },
        { config: deps.config },
      );
      if (attempt) await closeAttempt(trx, attempt.id, 'paid', payment.eventId);
      return recorded.created ? 'recorded' : 'already_recorded';
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') {
      deps.logger.warn('payment webhook for an invoice that does not exist', { eventId: payment.eventId, invoiceId: payment.invoiceId });
      return 'unknown_invoice';
    }
    if (!(error instanceof DomainError) || !REFUSALS.has(error.code)) throw error;
    return flagRefusal(db, payment, amount, error, deps);
  }
}

async function flagRefusal(
  db: Kysely<Database>,
  payment: CompletedPayment,
  amount: string,
  refusal: DomainError,
  deps: CompletePaymentDeps,
): Promise<CompletionOutcome> {
  return db.transaction().execute(async (trx) => {
    const invoice = await invoiceById(trx, Number(payment.invoiceId));
    const attempt = await attemptForEvent(trx, payment.attemptId, payment.providerSessionId);
    if (!invoice || !attempt) {
      deps.logger.error('refused online payment without its invoice or checkout attempt', { eventId: payment.eventId, code: refusal.code });
      return 'refused';
    }
    // Once per event: a second delivery finds the attempt decided and flags nothing again.
    if (!(await closeAttempt(trx, attempt.id, 'refused', payment.eventId, refusal.code))) return 'already_refused';
    const balance = formatCents(parseCents(invoice.total) - parseCents(invoice.amount_paid));
    const what = refusal.code === 'payment_above_balance' ? `more than the balance due (${balance})` : `the invoice is ${invoice.status}`;
    await flagForOffice(
      trx,
      invoice,
      `Online payment of ${amount} on ${invoice.number ?? `invoice ${invoice.id}`} was taken by Stripe but not recorded: ${what}. ` +
        `Refund it in Stripe or record it yourself (event ${payment.eventId}, ${payment.reference ?? 'no reference'}).`,
    );
    deps.logger.warn('online payment refused and flagged for the office', {
      eventId: payment.eventId,
      invoiceId: invoice.id,
      code: refusal.code,
    });
    return 'refused';
  });
}
