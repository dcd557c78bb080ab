import type { Kysely } from 'kysely';
import { customerPages } from '../../../contracts/pages';
import { BusyError, NotFoundError, WrongStateError } from '../../../domain/errors';
import { formatCents, parseCents } from '../../../domain/money';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Logger } from '../../platform/logger';
import type { PaymentProvider } from './payment-provider';
import { customerInvoice, openAttempt, setSession } from './repository';

export interface StartPaymentInput {
  invoiceId: number;
  locale: 'en' | 'es';
}

export interface StartPaymentDeps {
  provider: PaymentProvider | undefined;
  appUrl: string;
  logger: Logger;
}

const PAYABLE = new Set(['Sent', 'Partially Paid']);

/**
 * 'Pay now' (contract-spec §3): a checkout on the provider's hosted page for the invoice's balance due,
 * the invoice found through the signed-in customer's scope only. A double click or a second tab gets
 * the same checkout: one open attempt per invoice and amount, and the attempt's id is the provider's
 * idempotency key, so two requests racing to create its session get one session. Nothing is paid
 * here: a payment counts only from the provider's signed webhook (complete-payment.ts).
 */
export async function startPayment(db: Kysely<Database>, meta: RequestMeta, input: StartPaymentInput, deps: StartPaymentDeps) {
  const { provider } = deps;
  const email = meta.actor;
  const { invoice, attempt, balance } = await withCustomerScope(db, email, async (trx) => {
    const invoice = await customerInvoice(trx, email, input.invoiceId);
    if (!invoice || invoice.status === 'Draft') throw new NotFoundError('Invoice not found.');
    if (!provider) throw new WrongStateError('online_payment_off', 'Online payment is not available: pay by check or bank transfer.');
    const cents = parseCents(invoice.total) - parseCents(invoice.amount_paid);
    if (!PAYABLE.has(invoice.status) || cents <= 0n) throw new WrongStateError('nothing_due', 'Nothing is due on this invoice.');
    const balance = formatCents(cents);
    return { invoice, balance, attempt: await openAttempt(trx, invoice, balance, provider.name) };
  });
  if (attempt.checkout_url) return { attemptId: attempt.id, checkoutUrl: attempt.checkout_url };
  if (!provider) throw new Error('unreachable: no provider past the check');

  const page = `${deps.appUrl}${customerPages.invoice.href(invoice.id)}`;
  let checkout;
  try {
    checkout = await provider.createCheckout({
      amountCents: Number(parseCents(balance)),
      currency: 'usd',
      description: `Invoice ${invoice.number ?? invoice.id}`,
      invoiceId: String(invoice.id),
      attemptId: attempt.id,
      customerEmail: invoice.email,
      successUrl: `${page}?payment=${attempt.id}`,
      cancelUrl: page,
      idempotencyKey: `checkout-attempt-${attempt.id}`,
      locale: input.locale,
    });
  } catch (error) {
    deps.logger.error('payment provider refused or did not answer a checkout', {
      invoiceId: invoice.id,
      attemptId: attempt.id,
      err: error,
    });
    throw new BusyError('unavailable', 'The payment service did not answer. Please try again in a moment.', 5);
  }
  await withCustomerScope(db, email, (trx) => setSession(trx, attempt.id, checkout.providerSessionId, checkout.url));
  return { attemptId: attempt.id, checkoutUrl: checkout.url };
}
