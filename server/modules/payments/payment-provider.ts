/**
 * What the portal needs of an online payment provider (contract-spec §3): a hosted checkout for an
 * amount, and a webhook it can verify. Stripe is the first (stripe-provider.ts); the rest of the
 * payments module knows only this interface.
 */
export interface CheckoutRequest {
  /** The amount to collect, in cents (the invoice's balance due). */
  amountCents: number;
  currency: 'usd';
  /** What the customer's statement and the hosted page call it, e.g. 'Invoice INV-0007'. */
  description: string;
  invoiceId: string;
  attemptId: string;
  customerEmail: string | null;
  /** Where the provider sends the customer back after paying, and after giving up. */
  successUrl: string;
  cancelUrl: string;
  /** The same key twice gives the same checkout (a double click, a retried request). */
  idempotencyKey: string;
  locale: 'en' | 'es';
}

export interface Checkout {
  providerSessionId: string;
  url: string;
}

/** A payment the provider says it completed, from a verified webhook. */
export interface CompletedPayment {
  kind: 'payment_completed';
  /** The provider's event id: the same event delivered twice records one payment. */
  eventId: string;
  providerSessionId: string;
  invoiceId: string;
  attemptId: string | null;
  amountCents: number;
  currency: string;
  /** The provider's own reference for the payment (Stripe: the PaymentIntent id). */
  reference: string | null;
}

export type WebhookEvent = CompletedPayment | { kind: 'ignored'; eventId: string; type: string; reason: string };

/** The signature did not verify (forged, stale, or not the provider's). Never records anything. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface PaymentProvider {
  name: 'stripe';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Verifies the raw body against its signature header; throws WebhookSignatureError when it does not hold. */
  parseWebhook(rawBody: string, signature: string | undefined): WebhookEvent;
}
