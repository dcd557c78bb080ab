import { CONSENT_VERSION } from '../../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/** Issue 22.7: the customer gets a copy of what they did, in their language, through the outbox. */
let portal: TestPortal;
let ana: string;
let eva: string;

const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
  taxRate: '8.25',
};

const copiesTo = (email: string, kind: string) =>
  portal.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).where('kind', '=', kind).execute();

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana.copy@example.com', { name: 'Ana Ruiz' });
  eva = await portal.signUp('eva.copy@example.com', { name: 'Eva Soto' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'eva.copy@example.com'`.execute(portal.db);
  // A receipt of their own act: it goes even with update e-mails off.
  await sql`UPDATE customers SET email_updates = false WHERE email = 'eva.copy@example.com'`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('after approving a quote', () => {
  it('the customer is e-mailed the link and the signed figures (subtotal, tax, signed total)', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana.copy@example.com', deck);
    const stain = quote.ids[1]!;
    const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
      cookie: ana,
      body: {
        version: 1,
        signerName: 'Ana Ruiz',
        accepted: true,
        consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        optionalItemIds: [stain],
      },
    });
    expect(res.status).toBe(201);
    // The copy is queued by the seal, after the approval's commit (decision 269).
    await portal.runtime.seals.drain();
    const [copy, ...more] = await copiesTo('ana.copy@example.com', 'quote-approval-copy');
    expect(more).toEqual([]);
    expect(copy!.subject).toBe(`Your signed Quote #${quote.id}`);
    // 250.00 + 87.53 = 337.53; tax 8.25 % = 27.85; total 365.38.
    for (const part of [
      'Signed by: Ana Ruiz',
      'Optional items chosen: Stain, two coats',
      'Subtotal: $337.53',
      'Tax: $27.85',
      'Signed total: $365.38',
      `${portal.config.appUrl}/quotes/${quote.id}`,
    ])
      expect(copy!.text_body).toContain(part);
  });

  it('a Spanish customer gets it in Spanish; a decline sends no copy', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'eva.copy@example.com', deck);
    const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
      cookie: eva,
      body: { version: 1, signerName: 'Eva Soto', accepted: true, consent: { version: CONSENT_VERSION, locale: 'es', agreed: true } },
    });
    expect(res.status).toBe(201);
    // The copy is queued by the seal, after the approval's commit (decision 269).
    await portal.runtime.seals.drain();
    const [copy] = await copiesTo('eva.copy@example.com', 'quote-approval-copy');
    expect(copy!.subject).toBe(`Su cotización firmada #${quote.id}`);
    for (const part of ['Firmada por: Eva Soto', 'Subtotal: $250.00', 'Impuesto: $20.63', 'Total firmado: $270.63'])
      expect(copy!.text_body).toContain(part);

    const declined = await putSentQuoteWithSql(portal.db, 'eva.copy@example.com', deck);
    expect((await portal.request(`/api/quotes/${declined.id}/decline`, { cookie: eva, body: { version: 1 } })).status).toBe(201);
    expect(await copiesTo('eva.copy@example.com', 'quote-approval-copy')).toHaveLength(1);
  });
});

describe('after submitting a request', () => {
  it('the customer is e-mailed what they asked for, what happens next and the link, in their language', async () => {
    const res = await portal.request('/api/work-orders', { cookie: ana, body: { address: '9 Pine Road', description: 'Leaky roof.' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const [copy] = await copiesTo('ana.copy@example.com', 'work-request-copy');
    expect(copy!.subject).toBe(`We received your request #${id}`);
    for (const part of [
      'Address: 9 Pine Road',
      'Description: Leaky roof.',
      'What happens next:',
      `${portal.config.appUrl}/work-orders/${id}`,
    ])
      expect(copy!.text_body).toContain(part);

    const es = await portal.request('/api/work-orders', { cookie: eva, body: { address: '1 Calle Sol', description: 'Gotera.' } });
    expect(es.status).toBe(201);
    const [copia] = await copiesTo('eva.copy@example.com', 'work-request-copy');
    expect(copia!.subject).toBe(`Recibimos su solicitud #${((await es.json()) as { id: number }).id}`);
    expect(copia!.text_body).toContain('Qué sigue:');
  });
});
