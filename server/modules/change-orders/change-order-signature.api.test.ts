import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrderView } from '../../../contracts/change-order-document';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { changeOrderApproval, putApprovedQuote, putChangeOrder } from '../../../tests/support/change-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { verifySignatureChain } from '../signatures/verify-chain';

/** Issue 24 item 5 (contract-spec §2): a change order is approved with the quote's evidence (§1): consent, signed PDF, certificate, chain, /verify. */
let portal: TestPortal;
let office: string;
let ana: string;
let eva: string;
const ANA = 'ana.cosign@example.com';
const EVA = 'eva.cosign@example.com';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const usd = (amount: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

async function sentChangeOrder(email: string, cookie: string) {
  const quoteId = await putApprovedQuote(portal, email, cookie);
  const order = await putChangeOrder(portal, office, quoteId, true);
  return { quoteId, ...order };
}

async function approvedChangeOrder(email: string, cookie: string, locale: 'en' | 'es' = 'en') {
  const order = await sentChangeOrder(email, cookie);
  const res = await portal.request(`/api/change-orders/${order.id}/approve`, {
    cookie,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) ChangeOrderSignatureTest/1.0' },
    body: changeOrderApproval(order.contentHash, locale, 'Ana Ruiz'),
  });
  expect(res.status).toBe(201);
  // The answer comes before the seal (decision 269): the signed PDF's hash is not in it yet.
  expect(((await res.json()) as ChangeOrderView).decision).toMatchObject({ decision: 'Approved', pdfSha256: null });
  // The signed document is made after the commit by the seal worker; the customer's page (loaded again) shows it.
  await portal.runtime.seals.drain();
  const contract = (await (await portal.request(`/api/quotes/${order.quoteId}/change-orders`, { cookie })).json()) as {
    changeOrders: ChangeOrderView[];
  };
  const view = contract.changeOrders.find((o) => o.id === order.id)!;
  const document = await portal.db
    .selectFrom('signed_documents')
    .selectAll()
    .where('change_order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  return { order, view, document, pdf: new Uint8Array(document.pdf) };
}

async function verify(code: string, file: Uint8Array) {
  const form = new FormData();
  form.set('code', code);
  form.set('file', new File([Buffer.from(file)], 'change-order.pdf', { type: 'application/pdf' }));
  const res = await portal.runtime.app.request(
    '/api/verify',
    { method: 'POST', body: form },
    { incoming: { socket: { remoteAddress: '192.0.2.40' } } },
  );
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  portal = await createTestPortal();
  office = (await createOfficeAccount(portal, 'office.cosign@company.example')).cookie;
  ana = await portal.signUp(ANA, { name: 'Ana Ruiz' });
  eva = await portal.signUp(EVA, { name: 'Eva Soto' });
}, 180_000);
afterAll(() => portal?.close());

describe('approving a change order with the evidence of a quote', () => {
  it('an approval without the consent is refused and changes nothing', async () => {
    const order = await sentChangeOrder(ANA, ana);
    const { consent, ...withoutConsent } = changeOrderApproval(order.contentHash);
    for (const body of [withoutConsent, { ...withoutConsent, consent: { ...consent, agreed: false } }]) {
      const res = await portal.request(`/api/change-orders/${order.id}/approve`, { cookie: ana, body });
      expect(res.status).toBe(400);
    }
    const status = (await sql<{ status: string }>`SELECT status FROM change_orders WHERE id = ${order.id}`.execute(portal.db)).rows[0]!
      .status;
    expect(status).toBe('Sent');
    expect(await portal.db.selectFrom('signed_documents').select('id').where('change_order_id', '=', order.id).execute()).toEqual([]);
  });

  it('keeps the signed PDF with its certificate, the consent and the method on the approval, and a chain that verifies', async () => {
    const { order, view, document, pdf } = await approvedChangeOrder(ANA, ana);
    expect(sha256(pdf)).toBe(document.pdf_sha256);
    expect(document.quote_id).toBe(order.quoteId);
    expect(document.content_hash).toBe(order.contentHash);
    expect(view.decision).toMatchObject({ decision: 'Approved', signerName: 'Ana Ruiz', pdfSha256: document.pdf_sha256 });

    const approval = (
      await sql<Record<string, unknown>>`SELECT * FROM change_order_approvals WHERE change_order_id = ${order.id}`.execute(portal.db)
    ).rows[0]!;
    const user = await portal.db.selectFrom('user').select('id').where('email', '=', ANA).executeTakeFirstOrThrow();
    // How the session signed in, stated as for the quote the same session approved.
    const quoteApproval = await portal.db
      .selectFrom('quote_approvals')
      .select('auth_method')
      .where('quote_id', '=', order.quoteId)
      .executeTakeFirstOrThrow();
    expect(quoteApproval.auth_method).toBeTruthy();
    expect(approval).toMatchObject({
      consent_version: CONSENT_VERSION,
      consent_locale: 'en',
      auth_method: quoteApproval.auth_method,
      pdf_sha256: document.pdf_sha256,
      person_id: user.id,
    });

    const { pages, text } = await readPdfText(pdf);
    const signed = await readPdfText(pdf.subarray(0, document.signed_part_length));
    expect(pages).toHaveLength(signed.pages.length + 1);
    for (const part of [
      `Change Order 1 to Quote #${order.quoteId}`,
      'Added',
      'Extra post',
      `Contract total: ${usd(view.totalBefore)} -> ${usd(view.totalAfter)}`,
      usd(view.amount),
      'More work',
      'Signed by',
      'Ana Ruiz',
    ]) {
      expect(signed.text.replace(/\s+/g, ' ')).toContain(part);
    }
    const certificate = pages.at(-1)!;
    for (const part of [
      'Certificate of completion',
      `Change order #1 of Quote #${order.quoteId}`,
      document.verification_code,
      document.content_hash,
      document.signed_part_sha256,
      ANA,
      'Sent',
      'Consented',
      'Signed',
      'Copy e-mailed',
      'ChangeOrderSignatureTest/1.0',
      `Version ${CONSENT_VERSION}, read in English`,
    ]) {
      expect(certificate).toContain(part);
    }
    expect(text).toContain('Certificate of completion');

    const events = await portal.db
      .selectFrom('signature_events')
      .selectAll()
      .where('document_kind', '=', 'change_order')
      .where('document_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['sent', 'consented', 'signed', 'copy_emailed']);
    expect(await verifySignatureChain(portal.db, 'change_order', order.id)).toEqual({ intact: true, events: 4 });
  });

  it("records 'first opened' once, when the customer first sees the sent change order, and the certificate lists it", async () => {
    const order = await sentChangeOrder(ANA, ana);
    const events = async () =>
      (
        await portal.db
          .selectFrom('signature_events')
          .select('event')
          .where('document_kind', '=', 'change_order')
          .where('document_id', '=', order.id)
          .orderBy('id')
          .execute()
      ).map((e) => e.event);
    // The office looking is not the customer opening it.
    expect((await portal.request(`/api/office/quotes/${order.quoteId}/change-orders`, { cookie: office })).status).toBe(200);
    expect(await events()).toEqual(['sent']);
    for (let i = 0; i < 2; i++) {
      expect((await portal.request(`/api/quotes/${order.quoteId}/change-orders`, { cookie: ana })).status).toBe(200);
    }
    expect(await events()).toEqual(['sent', 'first_opened']);

    const res = await portal.request(`/api/change-orders/${order.id}/approve`, {
      cookie: ana,
      body: changeOrderApproval(order.contentHash, 'en', 'Ana Ruiz'),
    });
    expect(res.status).toBe(201);
    await portal.runtime.seals.drain();
    expect(await events()).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
    expect(await verifySignatureChain(portal.db, 'change_order', order.id)).toEqual({ intact: true, events: 5 });
    const document = await portal.db
      .selectFrom('signed_documents')
      .select('pdf')
      .where('change_order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const { pages } = await readPdfText(new Uint8Array(document.pdf));
    expect(pages.at(-1)).toContain('First opened');
  });

  it('/verify: the true PDF is the signed document, one changed byte is not', async () => {
    const { document, pdf } = await approvedChangeOrder(ANA, ana);
    expect(await verify(document.verification_code, pdf)).toEqual({ status: 200, body: { matches: true } });
    const changed = new Uint8Array(pdf);
    const middle = Math.floor(changed.length / 2);
    changed[middle] = changed[middle]! ^ 0x01;
    expect(await verify(document.verification_code, changed)).toEqual({ status: 200, body: { matches: false } });
  });

  it('e-mails the copy with the PDF attached; both sides download the same file; another customer cannot', async () => {
    const { order, document, pdf } = await approvedChangeOrder(ANA, ana);
    const copy = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', ANA)
      .where('subject', '=', `Your signed Change Order 1 to Quote #${order.quoteId}`)
      .executeTakeFirstOrThrow();
    const [attachment] = (typeof copy.attachments === 'string' ? JSON.parse(copy.attachments) : copy.attachments) as Array<{
      filename: string;
      content: string;
      encoding: string;
    }>;
    expect(attachment).toMatchObject({ filename: `quote-${order.quoteId}-change-order-1-signed.pdf`, encoding: 'base64' });
    expect(sha256(Buffer.from(attachment!.content, 'base64'))).toBe(document.pdf_sha256);
    expect(copy.text_body).toContain(document.verification_code);

    const mine = await portal.request(`/api/change-orders/${order.id}/signed-pdf`, { cookie: ana });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await mine.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);
    expect((await portal.request(`/api/change-orders/${order.id}/signed-pdf`, { cookie: eva })).status).toBe(404);

    const theirs = await portal.request(`/api/office/change-orders/${order.id}/signed-pdf`, { cookie: office });
    expect(theirs.status).toBe(200);
    expect(sha256(new Uint8Array(await theirs.arrayBuffer()))).toBe(document.pdf_sha256);
    const audited = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'download-signed-pdf')
      .where('entity', '=', 'change-order')
      .where('entity_id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    expect(audited.actor_email).toBe('office.cosign@company.example');
  });

  it('a Spanish consent gives the PDF, the certificate and the e-mail in Spanish', async () => {
    const { order, pdf } = await approvedChangeOrder(EVA, eva, 'es');
    const { pages } = await readPdfText(pdf);
    // The title wraps beside the amount's box.
    expect(pages[0]!.replace(/\s+/g, ' ')).toContain(`Orden de cambio 1 de la cotización #${order.quoteId}`);
    expect(pages[0]).toContain('Total del contrato:');
    for (const part of ['Certificado de finalización', `Orden de cambio #1 de la cotización #${order.quoteId}`, 'Enviada', 'Firmada']) {
      expect(pages.at(-1)).toContain(part);
    }
    const copy = await portal.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', EVA).execute();
    expect(copy.map((m) => m.subject)).toContain(`Su orden de cambio firmada: Orden de cambio 1 de la cotización #${order.quoteId}`);
  });
});
