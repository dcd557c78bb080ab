import { randomInt } from 'node:crypto';
import type { Locale } from '../../../contracts/locale';
import type { PdfPaperSize } from '../../../contracts/public';
import type { AuthMethod } from '../../../contracts/signatures';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { queueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { renderCertificate } from './certificate';
import { loadSignatureEvents, recordSignatureEvents, type DocumentKind } from './events';
import { appendPage } from './pdf-append';
import { sha256Hex } from './verify-chain';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A verification code: 16 characters of an alphabet without 0/O and 1/I, in four groups (80 bits). */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return chars.join('').match(/.{4}/g)!.join('-');
}

export interface SignedDocumentInput {
  documentKind: DocumentKind;
  /** quotes.id, or change_orders.id for a change order. */
  documentId: number;
  /** The quote (the contract); for a change order, the quote it changes. */
  quoteId: number;
  changeOrderId?: number | null | undefined;
  /** The quote's version, or the change order's number. */
  version: number;
  /** 'Quote #12, version 2' in the signer's language (certificate-labels.ts has both kinds). */
  documentTitle: string;
  contentHash: string;
  /** The signed document as rendered (lines, figures, terms, signature block), without the certificate. */
  signedPdf: Uint8Array;
  signer: { name: string; email: string; personId: string | null; locale: Locale; authMethod: AuthMethod };
  consent: { version: string; locale: Locale };
  setup: { company: string; timeZone: string; paperSize: PdfPaperSize; verifyUrl: string };
  /** The signer's copy: its wording with the signed PDF attached (base64) as `attachment`. */
  copyMail: (
    attachment: { filename: string; contentBase64: string },
    evidence: { verificationCode: string; pdfSha256: string },
  ) => OutgoingMail;
  fileName: string;
}

export interface SignedDocument {
  id: number;
  pdf: Uint8Array;
  pdfSha256: string;
  verificationCode: string;
}

/**
 * The evidence of one signature, in the caller's transaction (the approval's, in the signer's
 * scope), reusable by any signed document (quotes now, change orders next):
 * 1. the signer's events 'consented' and 'signed' (address, browser, account) and 'copy_emailed'
 *    (the copy is queued in this transaction, so it is sent or nothing is kept) join the chain;
 * 2. the certificate page lists them with every earlier event of this version, and is appended to
 *    the signed PDF as an incremental update (decision 200);
 * 3. the file and its SHA-256 go into signed_documents with a fresh verification code;
 * 4. the copy is queued with the file attached (it travels with the transaction's next statement).
 */
export async function recordSignedDocument(db: Db, meta: RequestMeta, input: SignedDocumentInput): Promise<SignedDocument> {
  const { documentKind, documentId, version, signer } = input;
  const who = { documentKind, documentId, personId: signer.personId, ip: meta.ip, userAgent: meta.userAgent };
  // One statement, the chain as three would make it (events.ts).
  await recordSignatureEvents(db, [
    { ...who, event: 'consented', details: { version, consentVersion: input.consent.version, consentLocale: input.consent.locale } },
    { ...who, event: 'signed', details: { version, signerName: signer.name, authMethod: signer.authMethod } },
    { documentKind, documentId, event: 'copy_emailed', details: { version, to: signer.email.toLowerCase() } },
  ]);

  const events = (await loadSignatureEvents(db, documentKind, documentId)).filter((e) => e.details['version'] === version);
  const signedSha256 = sha256Hex(input.signedPdf);
  const verificationCode = newVerificationCode();
  const certificate = renderCertificate({
    locale: signer.locale,
    paperSize: input.setup.paperSize,
    company: input.setup.company,
    timeZone: input.setup.timeZone,
    documentTitle: input.documentTitle,
    verificationCode,
    verifyUrl: input.setup.verifyUrl,
    contentHash: input.contentHash,
    signedPart: { sha256: signedSha256, bytes: input.signedPdf.byteLength, pages: countPages(input.signedPdf) },
    signer,
    consent: input.consent,
    events,
  });
  const pdf = appendPage(input.signedPdf, certificate);
  const pdfSha256 = sha256Hex(pdf);
  const row = await db
    .insertInto('signed_documents')
    .values({
      quote_id: input.quoteId,
      change_order_id: input.changeOrderId ?? null,
      version,
      pdf,
      pdf_sha256: pdfSha256,
      content_hash: input.contentHash,
      verification_code: verificationCode,
      signed_part_length: input.signedPdf.byteLength,
      signed_part_sha256: signedSha256,
      locale: signer.locale,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its answer is not read: it goes out with the transaction's next statement (decision 239).
  await queueMails(db, [
    input.copyMail({ filename: input.fileName, contentBase64: Buffer.from(pdf).toString('base64') }, { verificationCode, pdfSha256 }),
  ]);
  return { id: Number(row.id), pdf, pdfSha256, verificationCode };
}

/** Pages of a jsPDF file: the /Count of its page tree. */
function countPages(pdf: Uint8Array): number {
  const text = Buffer.from(pdf).toString('latin1');
  const counts = [...text.matchAll(/\/Type\s*\/Pages[\s\S]*?\/Count\s+(\d+)/g)].map((m) => Number(m[1]));
  return counts.at(-1) ?? 1;
}
