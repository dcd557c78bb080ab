import type { TestPortal } from '../harness';
import { startFakeStripe, type FakeStripe } from './server';

export const WEBHOOK_URL = 'http://localhost:3000/api/payments/stripe/webhook';

/** The fake Stripe API posting its webhooks into an in-process test portal (started after it: the portal needs its URL). */
export async function startFakeStripeFor(portal: () => TestPortal): Promise<FakeStripe> {
  return startFakeStripe({
    webhookUrl: WEBHOOK_URL,
    post: async (url, init) =>
      portal().runtime.app.request(new URL(url).pathname, init, { incoming: { socket: { remoteAddress: '127.0.0.1' } } }),
  });
}

/** The STRIPE_* environment of a portal using this fake. */
export const stripeEnv = (fake: FakeStripe) => ({
  STRIPE_SECRET_KEY: fake.secretKey,
  STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  STRIPE_API_BASE: fake.url,
});
