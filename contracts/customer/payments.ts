import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';

/**
 * Online payment of an invoice (contract-spec §3). 'Pay now' starts a checkout on the provider's hosted
 * page for the balance due; the customer comes back to /invoices/:id?payment=<attempt> and the page
 * asks for the attempt until the signed webhook has counted the payment.
 */
export const startPayment = endpoint({
  method: 'POST',
  path: '/api/invoices/:id/payment',
  params: idParams,
  response: z.object({ attemptId: z.uuid(), checkoutUrl: z.url() }),
});

/**
 * processing: back from the provider, the payment is not counted yet; received: counted; review: the
 * provider took it but it could not count (more than the balance): the office was told.
 */
export const paymentStates = ['processing', 'received', 'review'] as const;
export type PaymentState = (typeof paymentStates)[number];

export const paymentAttemptParams = idParams.extend({ attempt: z.uuid() });

export const getPaymentAttempt = endpoint({
  method: 'GET',
  path: '/api/invoices/:id/payment/:attempt',
  params: paymentAttemptParams,
  response: z.object({ state: z.enum(paymentStates) }),
});

/** Where the provider posts its signed events: public (no session, no origin), the raw body kept for the signature. */
export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';
