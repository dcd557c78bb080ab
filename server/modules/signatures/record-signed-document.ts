import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/customer-scope';
import { queueMails, type OutgoingMail } from '../../platform/mail/outbox';
import { renderSignedChangeOrderPdf } from '../change-orders/change-order-pdf';
import { changeOrderApprovalCopyMail } from '../change-orders/mail';
import { approvalCopyMail } from '../quotes/approval-copy-mail';
import { renderCertificate } from './certificate';
import { loadSignatureEvents, recordSignatureEvents } from './events';
import { appendPage } from './pdf-append';
import { renderSignedQuotePdf } from './quote-pdf';
import type { SealCopy, SealPayload, SealRender, SealRow } from './record-signature';
import { sha256Hex } from './verify-chain';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A verification code: 16 characters of an alphabet without 0/O and 1/I, in four groups (80 bits).
 * The signed document is made below (makeSignedDocument), in the seal's transaction (seal.ts, decision 269).
 */
export function newVerificationCode(): string {
  const chars = Array.from({ length: 16 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return chars.join('').match(/.{4}/g)!.join('-');
}

/** The signed document of one seal row, in the seal's transaction (as the approval made it before decision 269). */
export async function makeSignedDocument(db: Db, row: SealRow): Promise<{ id: number; pdfSha256: string }> {
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
