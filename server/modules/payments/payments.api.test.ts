import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../../tests/support/fake-stripe';
import { startFakeStripeFor, stripeEnv } from '../../../tests/support/fake-stripe/portal';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { invoiceFigures, putSentInvoiceWithSql } from '../../../tests/support/payments';

/**
 * Online payment through the real `stripe` package against the fake Stripe API (contract-spec §3):
 * a payment counts only from a verified `checkout.session.completed`, once; a replay, a forged or
 * stale signature change nothing; a payment above the balance records nothing and is flagged for
 * the office. Nothing of ours is mocked.
 */
let portal: TestPortal;
let fake: FakeStripe;
let cookie: string;
let otherCookie: string;
const email = 'payer@example.com';

beforeAll(async () => {
  fake = await startFakeStripeFor(() => portal);
  portal = await createTestPortal(stripeEnv(fake));
  cookie = await portal.signUp(email);
  otherCookie = await portal.signUp('someone-else@example.com');
});
afterAll(async () => {
  await portal?.close();
  await fake?.close();
});

const payNow = (id: number, as = cookie) => portal.request(`/api/invoices/${id}/payment`, { method: 'POST', cookie: as });
const stateOf = async (id: number, attemptId: string, as = cookie) => {
  const res = await portal.request(`/api/invoices/${id}/payment/${attemptId}`, { cookie: as });
  return res.ok ? ((await res.json()) as { state: string }).state : res.status;
};
const start = async (id: number) => {
  const res = await payNow(id);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { attemptId: string; checkoutUrl: string };
  return { ...body, sessionId: body.checkoutUrl.split('/').pop()! };
};
const inboxEntries = async (quoteId: number) =>
  (
    await sql<{ summary: string }>`SELECT summary FROM office_inbox WHERE kind = 'payment_refused' AND quote_id = ${quoteId}`.execute(
      portal.db,
    )
  ).rows;

describe('Pay now', () => {
  it('opens one Checkout Session for the balance due, however many times it is clicked', async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '1250.75' });
    const before = fake.created();
    const answers = await Promise.all([payNow(invoice.id), payNow(invoice.id), payNow(invoice.id)]);
    const bodies = await Promise.all(answers.map((r) => r.json() as Promise<{ checkoutUrl: string; attemptId: string }>));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((b) => b.checkoutUrl)).size).toBe(1);
    expect(fake.created()).toBe(before + 1);
    const session = fake.sessions.get(bodies[0]!.checkoutUrl.split('/').pop()!)!;
    expect(session.amount_total).toBe(125_075);
    expect(session.success_url).toBe(`http://localhost:3000/invoices/${invoice.id}?payment=${bodies[0]!.attemptId}`);
    expect(await stateOf(invoice.id, bodies[0]!.attemptId)).toBe('processing');
  });

  it("is another customer's invoice: not found, and no session is made", async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '100.00' });
    const before = fake.created();
    expect((await payNow(invoice.id, otherCookie)).status).toBe(404);
    const { attemptId } = await start(invoice.id);
    expect(await stateOf(invoice.id, attemptId, otherCookie)).toBe(404);
    expect(fake.created()).toBe(before + 1);
  });
});

describe('the signed webhook', () => {
  it('counts the payment once, from the verified event: balance 0, Paid, a receipt e-mail, and "received" for the returning customer', async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '980.00' });
    const { sessionId, attemptId } = await start(invoice.id);
    const [delivery] = await fake.pay(sessionId);
    expect(delivery).toMatchObject({ status: 200 });
    // The webhook came before the customer is back: the page says 'received' at once.
    expect(await stateOf(invoice.id, attemptId)).toBe('received');
    const figures = await invoiceFigures(portal.db, invoice.id);
    expect(figures).toMatchObject({ status: 'Paid', amount_paid: '980.00' });
    expect(figures.payments).toEqual([{ amount: '980.00', method: 'online', provider_event_id: delivery!.eventId }]);
    // The person who pressed 'Pay now' is on the payment (contract-spec §4).
    const payer = await portal.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const { rows } = await sql<{ person_id: string | null }>`SELECT person_id FROM payments WHERE invoice_id = ${invoice.id}`.execute(
      portal.db,
    );
    expect(rows).toEqual([{ person_id: payer.id }]);
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.filter((m) => m.kind === 'invoice-receipt' && m.text_body.includes(invoice.number))).toHaveLength(1);
    // Nothing left to pay: no new checkout.
    expect((await payNow(invoice.id)).status).toBe(409);
  });

  it('records nothing more for the same event delivered again, or retried later', async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '300.00' });
    const { sessionId } = await start(invoice.id);
    fake.setNext({ mode: 'twice' });
    const deliveries = await fake.pay(sessionId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    const retried = await fake.redeliver(deliveries[0]!.eventId);
    expect(retried.status).toBe(200);
    const figures = await invoiceFigures(portal.db, invoice.id);
    expect(figures.payments).toHaveLength(1);
    expect(figures.amount_paid).toBe('300.00');
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.filter((m) => m.kind === 'invoice-receipt' && m.text_body.includes(invoice.number))).toHaveLength(1);
  });

  it.each(['forged', 'stale'] as const)('refuses a %s signature (400) and records nothing', async (mode) => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '410.00' });
    const { sessionId, attemptId } = await start(invoice.id);
    fake.setNext({ mode });
    const [delivery] = await fake.pay(sessionId);
    expect(delivery!.status).toBe(400);
    expect(await invoiceFigures(portal.db, invoice.id)).toMatchObject({ status: 'Sent', amount_paid: '0.00', payments: [] });
    expect(await stateOf(invoice.id, attemptId)).toBe('processing');
  });

  it('refuses a payment above the balance, records nothing and flags it once in the office Inbox', async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '500.00' });
    const { sessionId, attemptId } = await start(invoice.id);
    fake.setNext({ mode: 'twice', amountTotal: 50_001 });
    const deliveries = await fake.pay(sessionId);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    expect(await invoiceFigures(portal.db, invoice.id)).toMatchObject({ status: 'Sent', amount_paid: '0.00', payments: [] });
    const flagged = await inboxEntries(invoice.quoteId);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.summary).toContain(`Online payment of 500.01 on ${invoice.number}`);
    expect(flagged[0]!.summary).toContain('more than the balance due (500.00)');
    expect(await stateOf(invoice.id, attemptId)).toBe('review');
  });

  it('lets the customer return before the webhook: processing, then received once it arrives', async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, email, { total: '75.50' });
    const { sessionId, attemptId } = await start(invoice.id);
    fake.setNext({ mode: 'hold' });
    await fake.pay(sessionId);
    expect(await stateOf(invoice.id, attemptId)).toBe('processing');
    expect((await invoiceFigures(portal.db, invoice.id)).payments).toEqual([]);
    expect((await fake.release()).map((d) => d.status)).toEqual([200]);
    expect(await stateOf(invoice.id, attemptId)).toBe('received');
  });

  it('ignores an event without a signature header', async () => {
    const res = await portal.request('/api/payments/stripe/webhook', { body: { type: 'checkout.session.completed' } });
    expect(res.status).toBe(400);
  });
});

describe('without a Stripe key', () => {
  let plain: TestPortal;
  beforeAll(async () => {
    plain = await createTestPortal();
  });
  afterAll(() => plain?.close());

  it('offers no online payment: the config says so, Pay now is refused and there is no webhook', async () => {
    expect(((await (await plain.request('/api/config')).json()) as { onlinePayments: boolean }).onlinePayments).toBe(false);
    const owner = await plain.signUp('offline@example.com');
    const invoice = await putSentInvoiceWithSql(plain.db, 'offline@example.com', { total: '20.00' });
    const res = await plain.request(`/api/invoices/${invoice.id}/payment`, { method: 'POST', cookie: owner });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('online_payment_off');
    expect((await plain.request('/api/payments/stripe/webhook', { body: {} })).status).toBe(404);
  });
});
