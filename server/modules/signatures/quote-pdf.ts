import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import type { Locale } from '../../../contracts/locale';
import { setCompanyTimeZone } from '../../../web/shared/format';
import { renderVersionedQuotePdf, type VersionedQuotePdfInput } from '../../../web/shared/pdf/quote-document';
import type { PdfSetup } from '../../../web/shared/pdf/render';

/**
 * The signed quote as a PDF, drawn on the server by the very layout the browser draws a quote's PDF
 * with (web/shared/pdf, jsPDF; decision 202): the same lines, chosen optional lines, figures
 * (versionFigures, the screens' rule), terms and signature block, on PDF_PAPER_SIZE, in the signer's
 * language. The drawn logo mark stands for COMPANY_LOGO (the browser loads the image; the server
 * does not fetch it). Its creation date is the signing time and its file id comes from the content
 * hash, so the bytes depend only on what was signed.
 */
export function renderSignedQuotePdf(quote: VersionedQuotePdfInput, setup: PdfSetup, locale: Locale, timeZone: string): Uint8Array {
  setCompanyTimeZone(timeZone);
  const doc = renderVersionedQuotePdf(jsPDF, quote, setup, locale);
  doc.setCreationDate(new Date(quote.decision?.decidedAt ?? quote.created_at));
  doc.setFileId(
    createHash('md5')
      .update(quote.decision?.contentHash ?? String(quote.id))
      .digest('hex')
      .toUpperCase(),
  );
  return new Uint8Array(doc.output('arraybuffer'));
}
