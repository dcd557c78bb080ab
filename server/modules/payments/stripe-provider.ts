import Stripe from 'stripe';
import type { Checkout, CheckoutRequest, PaymentProvider, WebhookEvent } from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** https://api.stripe.com, or a local fake in tests (host, port and protocol are taken from it). */
  apiBase: string;
}

/** Stripe Checkout Sessions through the official package. */
export function stripeProvider(settings: StripeSettings): PaymentProvider {
  const base = new URL(settings.apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(settings.secretKey, {
    host: base.hostname,
    port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
    protocol,
    // One retry of a dropped connection, with the same idempotency key (the package's own handling).
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<Checkout> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          client_reference_id: request.invoiceId,
          metadata: { invoice_id: request.invoiceId, attempt_id: request.attemptId },
          payment_intent_data: { metadata: { invoice_id: request.invoiceId, attempt_id: request.attemptId } },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          locale: request.locale,
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { providerSessionId: session.id, url: session.url };
    },

    parseWebhook(rawBody: string, signature: string | undefined): WebhookEvent {
      if (!signature) throw new WebhookSignatureError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        // Checks the HMAC over "t.payload" with our secret and the 300 s tolerance on t.
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
      }
      if (event.type !== 'checkout.session.completed') {
        return { kind: 'ignored', eventId: event.id, type: event.type, reason: 'not a completed checkout' };
      }
      const session = event.data.object;
      if (session.payment_status !== 'paid') {
        return { kind: 'ignored', eventId: event.id, type: event.type, reason: `payment_status ${session.payment_status}` };
      }
      const invoiceId = session.metadata?.invoice_id ?? session.client_reference_id;
      if (!invoiceId || session.amount_total === null) {
        return { kind: 'ignored', eventId: event.id, type: event.type, reason: 'no invoice reference or amount' };
      }
      const intent = session.payment_intent;
      return {
        kind: 'payment_completed',
        eventId: event.id,
        providerSessionId: session.id,
        invoiceId,
        attemptId: session.metadata?.attempt_id ?? null,
        amountCents: session.amount_total,
        currency: session.currency ?? 'usd',
        reference: typeof intent === 'string' ? intent : (intent?.id ?? null),
      };
    },
  };
}
