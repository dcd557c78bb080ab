import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { stripeEnv } from '../support/fake-stripe/portal';
import { invoiceFigures, putSentInvoiceWithSql } from '../support/payments';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { call, waitFor } from './support/http';
import { startPortalServer, type PortalServer } from './support/portal-server';

/**
 * Stripe's webhook arrives while PostgreSQL restarts (contract-spec §3): the delivery is answered 5xx
 * and nothing is recorded; Stripe retries the same event later (same id, signed anew), and then the
 * payment counts, once, however many retries follow.
 */
let pg: PrivatePostgres;
let fake: FakeStripe;
let portal: PortalServer;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  fake = await startFakeStripe();
  portal = await startPortalServer({ databaseUrl: pg.url, env: stripeEnv(fake) });
  fake.setWebhookUrl(`${portal.url}/api/payments/stripe/webhook`);
}, 60_000);

afterAll(async () => {
  await portal?.close();
  await fake?.close();
  await pg?.destroy();
});

describe('the payment webhook while PostgreSQL restarts', () => {
  it('answers 5xx during the outage, records nothing, and counts the retried event once', async () => {
    const email = 'restart-payer@example.com';
    const cookie = await portal.signUp(email);
    const invoice = await putSentInvoiceWithSql(portal.runtime.db, email, { total: '640.00' });
    const started = await call(portal.url, `/api/invoices/${invoice.id}/payment`, { cookie, method: 'POST' });
    expect(started.status).toBe(200);
    const sessionId = (started.body as { checkoutUrl: string }).checkoutUrl.split('/').pop()!;

    // The customer pays; Stripe's delivery is held until the database is down.
    fake.setNext({ mode: 'hold' });
    await fake.pay(sessionId);
    await pg.stop('immediate');
    const [during] = await fake.release();
    expect(during!.status).toBeGreaterThanOrEqual(500);

    await pg.start();
    await waitFor('the portal reaching PostgreSQL again', async () => (await call(portal.url, '/api/health')).status === 200);
    expect((await invoiceFigures(portal.runtime.db, invoice.id)).payments).toEqual([]);

    // Stripe's retries: the first counts, the next ones find it recorded.
    const retries = [await fake.redeliver(during!.eventId), await fake.redeliver(during!.eventId)];
    expect(retries.map((d) => d.status)).toEqual([200, 200]);
    const figures = await invoiceFigures(portal.runtime.db, invoice.id);
    expect(figures).toMatchObject({ status: 'Paid', amount_paid: '640.00' });
    expect(figures.payments).toEqual([{ amount: '640.00', method: 'online', provider_event_id: during!.eventId }]);
  }, 60_000);
});
