import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../../tests/support/fake-stripe';
import { WebhookSignatureError, type CheckoutRequest, type WebhookEvent } from './payment-provider';
import { stripeProvider } from './stripe-provider';

/** The Stripe provider through the official package against the local fake (tests/support/fake-stripe). */
let fake: FakeStripe;
const received: { body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  fake = await startFakeStripe({
    webhookUrl: 'http://portal.invalid/api/payments/webhook',
    post: async (_url, init) => {
      const headers = new Headers(init.headers);
      received.push({ body: String(init.body), signature: headers.get('stripe-signature') ?? undefined });
      return new Response('{"received":true}', { status: 200 });
    },
  });
});
afterAll(() => fake?.close());

const provider = () => stripeProvider({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
const request = (key: string): CheckoutRequest => ({
  amountCents: 123_456,
  currency: 'usd',
  description: 'Invoice INV-0001',
  invoiceId: '11111111-1111-4111-8111-111111111111',
  attemptId: '22222222-2222-4222-8222-222222222222',
  customerEmail: 'payer@example.com',
  successUrl: 'http://localhost:3000/invoices/1?checkout={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/invoices/1',
  idempotencyKey: key,
  locale: 'es',
});

describe('stripe provider against the fake Stripe API', () => {
  it('creates one Checkout Session per idempotency key, for the amount asked', async () => {
    const before = fake.created();
    const first = await provider().createCheckout(request('key-a'));
    const again = await provider().createCheckout(request('key-a'));
    expect(again.providerSessionId).toBe(first.providerSessionId);
    expect(fake.created()).toBe(before + 1);
    expect(first.url).toBe(`${fake.url}/pay/${first.providerSessionId}`);
    const session = fake.sessions.get(first.providerSessionId)!;
    expect(session).toMatchObject({ amount_total: 123_456, client_reference_id: request('x').invoiceId, status: 'open' });
    expect(session.metadata).toEqual({ invoice_id: request('x').invoiceId, attempt_id: request('x').attemptId });
    expect(session.success_url).toBe(`http://localhost:3000/invoices/1?checkout=${first.providerSessionId}`);
  });

  it('reads a signed checkout.session.completed as a completed payment; the same event again has the same id', async () => {
    const checkout = await provider().createCheckout(request('key-b'));
    received.length = 0;
    fake.setNext({ mode: 'twice' });
    await fake.pay(checkout.providerSessionId);
    expect(received).toHaveLength(2);
    const events = received.map((r) => provider().parseWebhook(r.body, r.signature));
    expect(events[0]).toMatchObject<Partial<WebhookEvent>>({
      kind: 'payment_completed',
      providerSessionId: checkout.providerSessionId,
      amountCents: 123_456,
      invoiceId: request('x').invoiceId,
      attemptId: request('x').attemptId,
    });
    expect(events[1]).toEqual(events[0]);
  });

  it.each(['forged', 'stale'] as const)('refuses a %s signature', async (mode) => {
    const checkout = await provider().createCheckout(request(`key-${mode}`));
    received.length = 0;
    fake.setNext({ mode });
    await fake.pay(checkout.providerSessionId);
    expect(received).toHaveLength(1);
    expect(() => provider().parseWebhook(received[0]!.body, received[0]!.signature)).toThrow(WebhookSignatureError);
    expect(() => provider().parseWebhook(received[0]!.body, undefined)).toThrow(WebhookSignatureError);
  });

  it('refuses a body changed after signing', async () => {
    const checkout = await provider().createCheckout(request('key-tamper'));
    received.length = 0;
    await fake.pay(checkout.providerSessionId);
    const tampered = received[0]!.body.replace('"amount_total": 123456', '"amount_total": 1');
    expect(tampered).not.toBe(received[0]!.body);
    expect(() => provider().parseWebhook(tampered, received[0]!.signature)).toThrow(WebhookSignatureError);
  });

  it('answers a wrong secret key with an error, not a session', async () => {
    const wrong = stripeProvider({ secretKey: 'sk_test_wrong', webhookSecret: fake.webhookSecret, apiBase: fake.url });
    await expect(wrong.createCheckout(request('key-wrong'))).rejects.toThrow(/Invalid API Key/);
  });
});
