import type { ChangeOrderView } from '../../../contracts/change-order-document';
import type { Locale } from '../../../contracts/locale';
import type { PdfPaperSize } from '../../../contracts/public';
import type { AuthMethod } from '../../../contracts/signatures';
import type { VersionedQuotePdfInput } from '../../../web/shared/pdf/quote-document';
import type { PdfSetup } from '../../../web/shared/pdf/render';
import type { Db } from '../../platform/db/customer-scope';
import { executeHeld } from '../../platform/db/inline-parameters';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { ChangeOrderCopyFacts } from '../change-orders/mail';
import type { ApprovalCopyFacts } from '../quotes/approval-copy-mail';
import { recordSignatureEvents, type DocumentKind } from './events';

/*
 * The approval's part of a signature (decision 269): the signer's events and the seal row, in the
 * approval's transaction. The seal (seal.ts) makes the document from the row after the commit.
 */

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
 * read: on PostgreSQL they travel with the transaction's next statement (decision 290).
 */
export async function recordSignature(db: Db, meta: RequestMeta, input: SignatureInput): Promise<void> {
  const { documentKind, documentId, version, payload } = input;
  const { signer } = payload;
  const who = { documentKind, documentId, personId: signer.personId, ip: meta.ip, userAgent: meta.userAgent };
  await recordSignatureEvents(db, [
    { ...who, event: 'consented', details: { version, consentVersion: payload.consent.version, consentLocale: payload.consent.locale } },
    { ...who, event: 'signed', details: { version, signerName: signer.name, authMethod: signer.authMethod } },
  ]);
  await executeHeld(
    db,
    db.insertInto('signature_seals').values({
      document_kind: documentKind,
      document_id: documentId,
      quote_id: input.quoteId,
      change_order_id: input.changeOrderId ?? null,
      version,
      payload: JSON.stringify(payload),
    }),
  );
}

/** A signature_seals row as the seal reads it (payload: jsonb, a string on the embedded database). */
export interface SealRow {
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
