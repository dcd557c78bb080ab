import { sql, type Kysely } from 'kysely';
import type { ChangeOrderView } from '../../../contracts/change-order-document';
import type { Locale } from '../../../contracts/locale';
import type { PdfPaperSize } from '../../../contracts/public';
import type { AuthMethod } from '../../../contracts/signatures';
import type { VersionedQuotePdfInput } from '../../../web/shared/pdf/quote-document';
import type { PdfSetup } from '../../../web/shared/pdf/render';
import type { Db } from '../../platform/db/customer-scope';
import { deferrable } from '../../platform/db/deferred-begin';
import { inlineParameters } from '../../platform/db/inline-parameters';
import type { Database } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/http/request-meta';
import { queueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { renderSignedChangeOrderPdf } from '../change-orders/change-order-pdf';
import { changeOrderApprovalCopyMail, type ChangeOrderCopyFacts } from '../change-orders/mail';
import { approvalCopyMail, type ApprovalCopyFacts } from '../quotes/approval-copy-mail';
import { renderCertificate } from './certificate';
import { loadSignatureEvents, recordSignatureEvents, type DocumentKind } from './events';
import { appendPage } from './pdf-append';
import { renderSignedQuotePdf } from './quote-pdf';
import { newVerificationCode } from './record-signed-document';
import { sha256Hex } from './verify-chain';

/** The signed document's own drawing, with its inputs as they were at approval. */
export type SealRender =
  | { kind: 'quote'; quote: VersionedQuotePdfInput; setup: PdfSetup; locale: Locale; timeZone: string }
  | {
      kind: 'change_order';
      order: ChangeOrderView;
      signature: { signerName: string; decidedAt: string; contentHash: string };
      setup: PdfSetup;
      locale: Locale;
      timeZone: string;
    };

type Evidence = 'verificationCode' | 'pdfSha256';

/** The signer's copy: its wording's facts; the verification code, the PDF's hash and the file are the seal's. */
export type SealCopy =
  | { kind: 'quote'; to: string; locale: Locale; facts: Omit<ApprovalCopyFacts, Evidence> }
  | { kind: 'change_order'; to: string; locale: Locale; facts: Omit<ChangeOrderCopyFacts, Evidence> };

/** Everything the seal needs, written with the approval (signature_seals.payload): a later profile change alters nothing. */
export interface SealPayload {
  render: SealRender;
  /** 'Quote #12, version 2' in the signer's language (certificate-labels.ts). */
  documentTitle: string;
  contentHash: string;
  signer: { name: string; email: string; personId: string | null; locale: Locale; authMethod: AuthMethod };
  consent: { version: string; locale: Locale };
  setup: { company: string; timeZone: string; paperSize: PdfPaperSize; verifyUrl: string };
  fileName: string;
  copy: SealCopy;
}

export interface SignatureInput {
  documentKind: DocumentKind;
  /** quotes.id, or change_orders.id for a change order. */
  documentId: number;
  /** The quote (the contract); for a change order, the quote it changes. */
  quoteId: number;
  changeOrderId?: number | null | undefined;
  /** The quote's version, or the change order's number. */
  version: number;
  payload: SealPayload;
}

/**
 * The signature itself, in the approval's transaction (decision 269): the signer's events 'consented'
 * and 'signed' with the request's address, browser and account join the chain, and the seal row is
 * written with everything the signed document needs. Both commit with the approval or neither does;
 * the document is made after the commit (sealNext, sealPendingOf). Neither statement's answer is
 * read: on PostgreSQL they travel with the transaction's next statement.
 */
export async function recordSignature(db: Db, meta: RequestMeta, input: SignatureInput): Promise<void> {
  const { documentKind, documentId, version, payload } = input;
  const { signer } = payload;
  const who = { documentKind, documentId, personId: signer.personId, ip: meta.ip, userAgent: meta.userAgent };
  await recordSignatureEvents(db, [
    { ...who, event: 'consented', details: { version, consentVersion: payload.consent.version, consentLocale: payload.consent.locale } },
    { ...who, event: 'signed', details: { version, signerName: signer.name, authMethod: signer.authMethod } },
  ]);
  const insert = inlineParameters(
    db
      .insertInto('signature_seals')
      .values({
        document_kind: documentKind,
        document_id: documentId,
        quote_id: input.quoteId,
        change_order_id: input.changeOrderId ?? null,
        version,
        payload: JSON.stringify(payload),
      })
      .compile(),
  );
  await db.executeQuery(insert.parameters.length ? insert : { ...insert, sql: deferrable(insert.sql) });
}

interface SealRow {
  id: string | number;
  document_kind: DocumentKind;
  document_id: string | number;
  quote_id: string | number;
  change_order_id: string | number | null;
  version: number;
  payload: SealPayload | string;
  attempts: number;
  sealed_at: Date | null;
}

export interface Sealed {
  sealId: number;
  documentKind: DocumentKind;
  documentId: number;
  version: number;
  signedDocumentId: number;
  pdfSha256: string;
}

export interface SealFailure {
  sealId: number;
  documentKind: DocumentKind;
  documentId: number;
  version: number;
  attempts: number;
  retryInSeconds: number;
  error: unknown;
}

export interface SealOptions {
  /** Seconds before a failed seal is tried again, by its attempts so far (1, 2, ...). */
  retryDelay?: ((attempts: number) => number) | undefined;
}

/** 15 s, 30 s, 1 min... at most an hour. */
export const sealRetrySeconds = (attempts: number) => Math.min(3600, 15 * 2 ** Math.max(0, attempts - 1));

type Pick_ = { next: true } | { id: number };

/**
 * Seals one document in one transaction, exactly once: its seal row is locked (FOR UPDATE; the worker
 * skips rows another holds, someone asking for this very document waits for it), and a row already
 * sealed is left alone. In the transaction: 'copy_emailed' joins the chain, the signed PDF and its
 * certificate are drawn, signed_documents gets the file, the approval its pdf_sha256, the outbox the
 * signer's copy with the file attached, and the row is marked sealed. A failure is rolled back to
 * before it and recorded on the row (attempts, last_error, run_after with backoff), still under the
 * lock; it is returned, for the caller to log or throw.
 */
async function sealOne(db: Kysely<Database>, pick: Pick_, opts: SealOptions): Promise<Sealed | SealFailure | undefined> {
  return db.transaction().execute(async (trx) => {
    const { rows } =
      'next' in pick
        ? await sql<SealRow>`
            SELECT id, document_kind, document_id, quote_id, change_order_id, version, payload, attempts, sealed_at
              FROM signature_seals WHERE sealed_at IS NULL AND run_after <= now()
             ORDER BY run_after, id LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx)
        : await sql<SealRow>`
            SELECT id, document_kind, document_id, quote_id, change_order_id, version, payload, attempts, sealed_at
              FROM signature_seals WHERE id = ${pick.id} FOR UPDATE`.execute(trx);
    const row = rows[0];
    if (!row || row.sealed_at) return undefined;
    const which = { sealId: Number(row.id), documentKind: row.document_kind, documentId: Number(row.document_id), version: row.version };
    await sql`SAVEPOINT seal`.execute(trx);
    try {
      const made = await makeSignedDocument(trx, row);
      await sql`
        UPDATE signature_seals SET sealed_at = now(), signed_document_id = ${made.id}, attempts = attempts + 1, last_error = NULL
         WHERE id = ${row.id}`.execute(trx);
      return { ...which, signedDocumentId: made.id, pdfSha256: made.pdfSha256 };
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT seal`.execute(trx);
      const attempts = row.attempts + 1;
      const retryInSeconds = (opts.retryDelay ?? sealRetrySeconds)(attempts);
      const message = error instanceof Error ? error.message : String(error);
      await sql`
        UPDATE signature_seals SET attempts = ${attempts}, last_error = ${message.slice(0, 1000)},
               run_after = now() + make_interval(secs => ${retryInSeconds})
         WHERE id = ${row.id}`.execute(trx);
      return { ...which, attempts, retryInSeconds, error };
    }
  });
}

export const isSealFailure = (r: Sealed | SealFailure): r is SealFailure => 'error' in r;

/** The worker's step: the next due document no one else is sealing, or undefined when there is none. */
export function sealNext(db: Kysely<Database>, opts: SealOptions = {}): Promise<Sealed | SealFailure | undefined> {
  return sealOne(db, { next: true }, opts);
}

export class SealError extends Error {
  constructor(readonly failure: SealFailure) {
    super(`signed document ${failure.documentKind} ${failure.documentId} v${failure.version} could not be sealed`, {
      cause: failure.error,
    });
  }
}

/**
 * On demand (decision 269): a download or a page that needs the signed document before the worker got
 * to it seals it here, through the same locked step (the worker's own run, if under way, is waited
 * for and then found done). Whatever is still pending for this quote (its approval and its change
 * orders) or this change order is sealed, due or not. Answers how many seal rows it has, sealed now
 * by this call, by the worker, or before: the caller reads again whenever it is more than 0, even when
 * this call had nothing left to do (the worker may have sealed it between the caller's first read and
 * this one: answering "nothing pending" then left a page without its download and a download with a
 * 404). 0 means it has none (an approval made before decision 269): nothing new to read. Throws
 * SealError when a document cannot be made.
 */
export async function sealPendingOf(
  db: Kysely<Database>,
  of: { quoteId: number } | { changeOrderId: number },
  opts: SealOptions = {},
): Promise<number> {
  const seals = await db
    .selectFrom('signature_seals')
    .select(['id', 'sealed_at'])
    .$call((q) => ('quoteId' in of ? q.where('quote_id', '=', of.quoteId) : q.where('change_order_id', '=', of.changeOrderId)))
    .orderBy('id')
    .execute();
  for (const { id } of seals.filter((s) => s.sealed_at === null)) {
    const result = await sealOne(db, { id: Number(id) }, opts);
    if (result && isSealFailure(result)) throw new SealError(result);
  }
  return seals.length;
}

/** The signed document of one seal row, in the seal's transaction (as the approval made it before decision 269). */
async function makeSignedDocument(db: Db, row: SealRow): Promise<{ id: number; pdfSha256: string }> {
  const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as SealPayload;
  const documentKind = row.document_kind;
  const documentId = Number(row.document_id);
  const { version } = row;
  const { signer } = payload;
  await recordSignatureEvents(db, [
    { documentKind, documentId, event: 'copy_emailed', details: { version, to: signer.email.toLowerCase() } },
  ]);
  const events = (await loadSignatureEvents(db, documentKind, documentId)).filter((e) => e.details['version'] === version);
  const signedPdf = renderSigned(payload.render);
  const signedSha256 = sha256Hex(signedPdf);
  const verificationCode = newVerificationCode();
  const certificate = renderCertificate({
    locale: signer.locale,
    paperSize: payload.setup.paperSize,
    company: payload.setup.company,
    timeZone: payload.setup.timeZone,
    documentTitle: payload.documentTitle,
    verificationCode,
    verifyUrl: payload.setup.verifyUrl,
    contentHash: payload.contentHash,
    signedPart: { sha256: signedSha256, bytes: signedPdf.byteLength, pages: countPages(signedPdf) },
    signer,
    consent: payload.consent,
    events,
  });
  const pdf = appendPage(signedPdf, certificate);
  const pdfSha256 = sha256Hex(pdf);
  const stored = await db
    .insertInto('signed_documents')
    .values({
      quote_id: Number(row.quote_id),
      change_order_id: row.change_order_id === null ? null : Number(row.change_order_id),
      version,
      pdf,
      pdf_sha256: pdfSha256,
      content_hash: payload.contentHash,
      verification_code: verificationCode,
      signed_part_length: signedPdf.byteLength,
      signed_part_sha256: signedSha256,
      locale: signer.locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The approval names its file (its one allowed change: quote-freeze.sql, change-orders.sql).
  if (documentKind === 'quote') {
    await sql`UPDATE quote_approvals SET pdf_sha256 = ${pdfSha256}
               WHERE quote_id = ${row.quote_id} AND version = ${version} AND pdf_sha256 IS NULL`.execute(db);
  } else {
    await sql`UPDATE change_order_approvals SET pdf_sha256 = ${pdfSha256}
               WHERE change_order_id = ${documentId} AND pdf_sha256 IS NULL`.execute(db);
  }
  const attachment = { filename: payload.fileName, contentBase64: Buffer.from(pdf).toString('base64') };
  // Its answer is not read: it goes out with the transaction's next statement (decision 239).
  await queueMails(db, [copyMail(payload.copy, attachment, { verificationCode, pdfSha256 })]);
  return { id: Number(stored.id), pdfSha256 };
}

function renderSigned(render: SealRender): Uint8Array {
  switch (render.kind) {
    case 'quote':
      return renderSignedQuotePdf(render.quote, render.setup, render.locale, render.timeZone);
    case 'change_order':
      return renderSignedChangeOrderPdf(render.order, render.signature, render.setup, render.locale, render.timeZone);
    default:
      throw new Error(`unknown signed document kind ${(render as { kind: unknown }).kind as string}`);
  }
}

function copyMail(
  copy: SealCopy,
  attachment: { filename: string; contentBase64: string },
  evidence: { verificationCode: string; pdfSha256: string },
): OutgoingMail {
  switch (copy.kind) {
    case 'quote':
      return approvalCopyMail(copy.to, copy.locale, { ...copy.facts, ...evidence }, attachment);
    case 'change_order':
      return changeOrderApprovalCopyMail(copy.to, copy.locale, { ...copy.facts, ...evidence }, attachment);
    default:
      throw new Error(`unknown signed copy kind ${(copy as { kind: unknown }).kind as string}`);
  }
}

/** Pages of a jsPDF file: the /Count of its page tree. */
function countPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  const counts = [...text.matchAll(/\/Type\s*\/Pages[\s\S]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.at(-1) ?? 1;
}
