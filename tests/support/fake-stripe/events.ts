import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** A Checkout Session as the fake keeps it (the fields our provider reads, named as Stripe names them). */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string;
  payment_intent: string | null;
  created: number;
  expires_at: number;
  livemode: false;
}

export const stripeId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The `checkout.session.completed` event Stripe posts when a hosted payment succeeds. */
export function completedEvent(session: FakeSession): Stripe.Event {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    type: 'checkout.session.completed',
    data: { object: session as unknown as Stripe.Checkout.Session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  } as Stripe.Event;
}

export type Signing = 'valid' | 'forged' | 'stale';

/** The Stripe-Signature header, made by the stripe package itself (t=…,v1=HMAC-SHA256 of "t.payload"). */
export function signatureHeader(payload: string, secret: string, signing: Signing): string {
  const stale = signing === 'stale';
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: signing === 'forged' ? `whsec_forged_${randomBytes(8).toString('hex')}` : secret,
    // Stripe's default tolerance is 300 s; ten minutes old is past it.
    timestamp: stale ? nowSeconds() - 600 : nowSeconds(),
  });
}
