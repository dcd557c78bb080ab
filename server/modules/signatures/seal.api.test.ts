import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Logger, LogContext } from '../../platform/logger';
import { decideQuote } from '../quotes/decide-quote';
import { sealNext, sealPendingOf } from './seal';
import { startSealWorker } from './start-seal-worker';
import { verifySignatureChain } from './verify-chain';

/**
 * Decision 269: the approval commits the signature and a durable seal row; the signed PDF, its
 * certificate, 'copy_emailed' and the signer's copy are made after the commit, exactly once, by the
 * seal worker or on demand by whoever needs the file first.
 */
let portal: TestPortal;
let ana: string;
let eva: string;
const ANA = 'ana.seal@example.com';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const deck = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
  taxRate: '8.25',
  terms: 'Half on start, half on completion.',
};

/** A logger that keeps what was logged at error level. */
function keptLogger() {
  const errors: Array<{ message: string; context: LogContext | undefined }> = [];
  const noop = () => {};
  const logger: Logger = {
    debug: noop,
    info: noop,
    warn: noop,
    error: (message, context) => errors.push({ message, context }),
  };
  return { logger, errors };
}

/** Approved through the portal; the runtime's seal worker is stopped in this file, so nothing is sealed yet. */
async function approved(cookie = ana) {
  const quote = await putSentQuoteWithSql(portal.db, ANA, deck);
  expect((await portal.request(`/api/quotes/${quote.id}`, { cookie })).status).toBe(200);
  const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
    cookie,
    headers: { 'user-agent': 'Mozilla/5.0 SealTest/1.0' },
    body: {
      version: 1,
      signerName: 'Ana Ruiz',
      accepted: true,
      optionalItemIds: [quote.ids[1]!],
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    },
  });
  expect(res.status).toBe(201);
  return quote;
}

const documentsOf = (quoteId: number) => portal.db.selectFrom('signed_documents').selectAll().where('quote_id', '=', quoteId).execute();
const copiesOf = (quoteId: number) =>
  portal.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', ANA)
    .where('subject', '=', `Your signed Quote #${quoteId}`)
    .execute();
const eventsOf = async (quoteId: number) =>
  (
    await portal.db
      .selectFrom('signature_events')
      .select(['event', 'ip', 'user_agent'])
      .where('document_kind', '=', 'quote')
      .where('document_id', '=', quoteId)
      .orderBy('id')
      .execute()
  ).map((e) => e.event);
const sealOf = (quoteId: number) => portal.db.selectFrom('signature_seals').selectAll().where('quote_id', '=', quoteId).execute();
const approvalOf = (quoteId: number) =>
  portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quoteId).executeTakeFirstOrThrow();

beforeAll(async () => {
  portal = await createTestPortal();
  // This file runs the seal itself: the runtime's worker does not take the rows first.
  await portal.runtime.seals.stop();
  ana = await portal.signUp(ANA, { name: 'Ana Ruiz', address: '1 Old Road' });
  eva = await portal.signUp('eva.seal@example.com', { name: 'Eva Soto' });
}, 180_000);
afterAll(() => portal?.close());

describe('the approval and its seal row', () => {
  it('commits the signature and a durable seal row; the worker then makes the document, chain and copy exactly once', async () => {
    const quote = await approved();
    // Committed, not sealed: the request's events, the seal row, no file, no copy, no hash yet.
    expect(await eventsOf(quote.id)).toEqual(['sent', 'first_opened', 'consented', 'signed']);
    const signedEvent = await portal.db
      .selectFrom('signature_events')
      .select(['ip', 'user_agent', 'person_id'])
      .where('document_id', '=', quote.id)
      .where('event', '=', 'signed')
      .executeTakeFirstOrThrow();
    expect(signedEvent.user_agent).toBe('Mozilla/5.0 SealTest/1.0');
    expect(signedEvent.ip).toBeTruthy();
    expect(signedEvent.person_id).toBeTruthy();
    const [seal, ...more] = await sealOf(quote.id);
    expect(more).toEqual([]);
    expect(seal).toMatchObject({ document_kind: 'quote', version: 1, sealed_at: null, attempts: 0 });
    expect(await documentsOf(quote.id)).toEqual([]);
    expect(await copiesOf(quote.id)).toEqual([]);
    expect((await approvalOf(quote.id)).pdf_sha256).toBeNull();

    // The customer's address changes before the seal: the signed PDF shows it as it was at approval.
    await sql`UPDATE customers SET address = '9 New Avenue' WHERE email = ${ANA}`.execute(portal.db);

    const { logger, errors } = keptLogger();
    const worker = startSealWorker({ db: portal.db, logger, onMailQueued: () => {}, pollMs: 60_000 });
    await worker.drain();
    await worker.drain();
    await worker.stop();
    expect(errors).toEqual([]);

    const [document, ...others] = await documentsOf(quote.id);
    expect(others).toEqual([]);
    expect(sha256(new Uint8Array(document!.pdf))).toBe(document!.pdf_sha256);
    expect((await approvalOf(quote.id)).pdf_sha256).toBe(document!.pdf_sha256);
    expect(await eventsOf(quote.id)).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
    expect(await verifySignatureChain(portal.db, 'quote', quote.id)).toEqual({ intact: true, events: 5 });
    const copies = await copiesOf(quote.id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.text_body).toContain(document!.verification_code);
    expect((await sealOf(quote.id))[0]).toMatchObject({ signed_document_id: document!.id, attempts: 1, last_error: null });
    expect((await sealOf(quote.id))[0]!.sealed_at).toBeInstanceOf(Date);

    const { pages } = await readPdfText(new Uint8Array(document!.pdf));
    expect(pages[0]).toContain('1 Old Road');
    expect(pages.join('\n')).not.toContain('9 New Avenue');
    expect(pages.at(-1)).toContain('Copy e-mailed');
    expect(pages.at(-1)).toContain('SealTest/1.0');
    // The customer's page shows the hash now, as the approval names it.
    const page = (await (await portal.request(`/api/quotes/${quote.id}`, { cookie: ana })).json()) as { decision: { pdfSha256: string } };
    expect(page.decision.pdfSha256).toBe(document!.pdf_sha256);
  });

  it('is written with the approval or not at all: an approval rolled back leaves no seal row and no events', async () => {
    const quote = await putSentQuoteWithSql(portal.db, ANA, deck);
    const { config } = portal;
    await expect(
      withCustomerScope(portal.db, ANA, async (trx) => {
        await decideQuote(
          trx,
          { actor: ANA, ip: '192.0.2.5', userAgent: 'SealTest' },
          {
            quoteId: quote.id,
            version: 1,
            decision: 'Approved',
            customer: { email: ANA, name: 'Ana Ruiz' },
            signerName: 'Ana Ruiz',
            optionalItemIds: [],
            officeEmail: config.company.email,
            officeUrl: `${config.appUrl}/office/quotes/${quote.id}`,
            customerUrl: `${config.appUrl}/quotes/${quote.id}`,
            company: config.company.name,
            timeZone: config.company.timeZone,
            consent: { version: CONSENT_VERSION, locale: 'en' },
            authMethod: 'password',
            personId: null,
            signing: {
              paperSize: config.pdfPaperSize,
              company: { ...config.company, logoUrl: null },
              verifyUrl: `${config.appUrl}/verify`,
            },
          },
        );
        // Written in the approval's transaction (read back as the server's own role: the customer's may only insert).
        await sql`RESET ROLE`.execute(trx);
        expect(await trx.selectFrom('signature_seals').select('id').where('quote_id', '=', quote.id).execute()).toHaveLength(1);
        throw new Error('the request failed after the approval (test)');
      }),
    ).rejects.toThrow(/test/);
    expect(await sealOf(quote.id)).toEqual([]);
    expect(await eventsOf(quote.id)).toEqual(['sent']);
    const { status } = await portal.db.selectFrom('quotes').select('status').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(status).toBe('Sent');
  });

  it("the approval row is still never changed: only the seal's pdf_sha256, once, and only to its own document's hash", async () => {
    const quote = await approved();
    const wrong = 'a'.repeat(64);
    await expect(sql`UPDATE quote_approvals SET pdf_sha256 = ${wrong} WHERE quote_id = ${quote.id}`.execute(portal.db)).rejects.toThrow(
      /never changed/,
    );
    await sealPendingOf(portal.db, { quoteId: quote.id });
    const [document] = await documentsOf(quote.id);
    await expect(sql`UPDATE quote_approvals SET pdf_sha256 = NULL WHERE quote_id = ${quote.id}`.execute(portal.db)).rejects.toThrow(
      /never changed/,
    );
    await expect(
      sql`UPDATE quote_approvals SET signer_name = 'Someone Else' WHERE quote_id = ${quote.id}`.execute(portal.db),
    ).rejects.toThrow(/never changed/);
    expect(await approvalOf(quote.id)).toMatchObject({ pdf_sha256: document!.pdf_sha256, signer_name: 'Ana Ruiz' });
  });
});

describe('exactly once', () => {
  it("a page that read the approval unsealed, and the worker sealed it before the page's on-demand step, reads again", async () => {
    const quote = await approved();
    // The worker's seal, between the page's first read and its on-demand step.
    expect(await sealPendingOf(portal.db, { quoteId: quote.id })).toBe(1);
    // The on-demand step finds nothing left to do, and still says the document has its seal: the page
    // reads again and offers 'Download signed PDF', the download reads the file (it answered 0 before: a
    // page without its download, a download with a 404, in a clean-clone run of the e2e suite).
    expect(await sealPendingOf(portal.db, { quoteId: quote.id })).toBe(1);
    expect(await documentsOf(quote.id)).toHaveLength(1);
    // A quote with no seal row (nothing approved, or approved before decision 269): nothing to read again.
    const sent = await putSentQuoteWithSql(portal.db, ANA, deck);
    expect(await sealPendingOf(portal.db, { quoteId: sent.id })).toBe(0);
  });

  it('two workers racing seal each document once', async () => {
    const first = await approved();
    const second = await approved();
    const results = await Promise.all([sealNext(portal.db), sealNext(portal.db), sealNext(portal.db)]);
    // Two rows were due: each taken by one worker; the third found none free (or none left).
    expect(results.filter(Boolean)).toHaveLength(2);
    expect(await sealNext(portal.db)).toBeUndefined();
    for (const quote of [first, second]) {
      expect(await documentsOf(quote.id)).toHaveLength(1);
      expect(await copiesOf(quote.id)).toHaveLength(1);
      expect(await eventsOf(quote.id)).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
    }
  });

  it('a worker and a download racing for one document seal it once', async () => {
    const quote = await approved();
    const [download] = await Promise.all([portal.request(`/api/quotes/${quote.id}/signed-pdf`, { cookie: ana }), sealNext(portal.db)]);
    expect(download.status).toBe(200);
    const [document, ...others] = await documentsOf(quote.id);
    expect(others).toEqual([]);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(document!.pdf_sha256);
    expect(await copiesOf(quote.id)).toHaveLength(1);
  });

  it('a download before the worker seals on demand; the worker then does nothing', async () => {
    const quote = await approved();
    const mine = await portal.request(`/api/quotes/${quote.id}/signed-pdf`, { cookie: ana });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    const pdf = new Uint8Array(await mine.arrayBuffer());
    const [document] = await documentsOf(quote.id);
    expect(sha256(pdf)).toBe(document!.pdf_sha256);
    expect((await readPdfText(pdf)).pages.at(-1)).toContain('Certificate of completion');

    expect(await sealNext(portal.db)).toBeUndefined();
    expect(await documentsOf(quote.id)).toHaveLength(1);
    expect(await copiesOf(quote.id)).toHaveLength(1);
    // The office's download and the customer's page give the same file and hash.
    const office = await createOfficeAccount(portal, 'clerk.seal@company.example');
    const theirs = await portal.request(`/api/office/quotes/${quote.id}/signed-pdf`, { cookie: office.cookie });
    expect(sha256(new Uint8Array(await theirs.arrayBuffer()))).toBe(document!.pdf_sha256);
  });

  it("another customer's download is not found and seals nothing", async () => {
    const quote = await approved();
    expect((await portal.request(`/api/quotes/${quote.id}/signed-pdf`, { cookie: eva })).status).toBe(404);
    expect(await documentsOf(quote.id)).toEqual([]);
    expect((await sealOf(quote.id))[0]).toMatchObject({ sealed_at: null, attempts: 0 });
    await sealPendingOf(portal.db, { quoteId: quote.id });
  });

  it("the customer's page loaded before the worker offers the signed PDF at once (sealed on demand)", async () => {
    const quote = await approved();
    const page = (await (await portal.request(`/api/quotes/${quote.id}`, { cookie: ana })).json()) as { decision: { pdfSha256: string } };
    const [document] = await documentsOf(quote.id);
    expect(page.decision.pdfSha256).toBe(document!.pdf_sha256);
    const office = await createOfficeAccount(portal, 'clerk2.seal@company.example');
    const second = await approved();
    const officePage = (await (await portal.request(`/api/office/quotes/${second.id}`, { cookie: office.cookie })).json()) as {
      decisions: Array<{ pdfSha256: string | null }>;
    };
    const [secondDocument] = await documentsOf(second.id);
    expect(officePage.decisions[0]!.pdfSha256).toBe(secondDocument!.pdf_sha256);
  });
});

describe('a failing seal', () => {
  it('is logged with its document, kept, and retried with backoff until it succeeds', async () => {
    const quote = await approved();
    const [seal] = await sealOf(quote.id);
    // A payload the renderer cannot draw (what a bug in the drawing would do).
    await sql`UPDATE signature_seals SET payload = jsonb_set(payload, '{render,kind}', '"unknown"') WHERE id = ${seal!.id}`.execute(
      portal.db,
    );
    const { logger, errors } = keptLogger();
    const worker = startSealWorker({ db: portal.db, logger, onMailQueued: () => {}, pollMs: 60_000, retryDelay: () => 1 });
    await worker.drain();
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toMatch(/could not be sealed/);
    expect(errors[0]!.context).toMatchObject({
      sealId: Number(seal!.id),
      documentKind: 'quote',
      documentId: quote.id,
      version: 1,
      attempts: 1,
    });
    const [failed] = await sealOf(quote.id);
    expect(failed).toMatchObject({ sealed_at: null, attempts: 1 });
    expect(failed!.last_error).toMatch(/unknown/);
    const { rows: later } = await sql<{
      later: boolean;
    }>`SELECT run_after > created_at AS later FROM signature_seals WHERE id = ${seal!.id}`.execute(portal.db);
    expect(later[0]!.later).toBe(true);
    // Rolled back to before the failure: no file, no copy, no 'copy_emailed'.
    expect(await documentsOf(quote.id)).toEqual([]);
    expect(await copiesOf(quote.id)).toEqual([]);
    expect(await eventsOf(quote.id)).toEqual(['sent', 'first_opened', 'consented', 'signed']);
    // Not due before its backoff: the next run leaves it.
    await worker.drain();
    expect(errors).toHaveLength(1);

    // Fixed (the next release), and due again: sealed.
    await sql`UPDATE signature_seals SET payload = jsonb_set(payload, '{render,kind}', '"quote"'), run_after = now() WHERE id = ${seal!.id}`.execute(
      portal.db,
    );
    await worker.drain();
    await worker.stop();
    expect(errors).toHaveLength(1);
    expect((await sealOf(quote.id))[0]).toMatchObject({ attempts: 2, last_error: null });
    expect(await documentsOf(quote.id)).toHaveLength(1);
    expect(await copiesOf(quote.id)).toHaveLength(1);
    expect(await eventsOf(quote.id)).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
  });
});
