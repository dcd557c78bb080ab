import type { Locale } from '../../../contracts/locale';
import type { QuotePdfInput, WorkOrderPdfInput } from './documents';
import type { InvoicePdfInput } from './invoice-document';
import type { VersionedQuotePdfInput } from './quote-document';
import type { PdfSetup } from './render';

export type { PdfCustomer, PdfSetup } from './render';
export type { InvoicePdfInput, QuotePdfInput, VersionedQuotePdfInput, WorkOrderPdfInput };

/**
 * The PDF builders. jsPDF (~130 kB gzip) and the layout load on the first click only, with
 * import(): none of it is in the first page's JavaScript. Later clicks reuse the loaded chunks.
 * Each takes the PdfSetup usePdfDownload gathers: company, customer and paper (PDF_PAPER_SIZE).
 */
async function loadPdfKit(logoUrl: string | null) {
  const [{ jsPDF }, documents, { loadLogo }] = await Promise.all([import('jspdf'), import('./documents'), import('./logo')]);
  return { jsPDF, documents, logo: await loadLogo(logoUrl) };
}

/** Builds and saves quote-{id}.pdf. */
export async function downloadQuotePdf(quote: QuotePdfInput, setup: PdfSetup, locale: Locale): Promise<void> {
  const { jsPDF, documents, logo } = await loadPdfKit(setup.company.logoUrl);
  documents.renderQuotePdf(jsPDF, quote, setup, locale, logo).save(`quote-${quote.id}.pdf`);
}

/** The PDF file of a quote's version: quote-{id}.pdf for the current one, quote-{id}-v{n}.pdf for an earlier one. */
export const versionedQuoteFileName = (quote: Pick<VersionedQuotePdfInput, 'id' | 'version' | 'currentVersion'>) =>
  quote.version.version === quote.currentVersion ? `quote-${quote.id}.pdf` : `quote-${quote.id}-v${quote.version.version}.pdf`;

/** Builds and saves the PDF of a quote with versions: its lines, figures, terms and signature. */
export async function downloadVersionedQuotePdf(quote: VersionedQuotePdfInput, setup: PdfSetup, locale: Locale): Promise<void> {
  const [{ jsPDF }, { renderVersionedQuotePdf }, { loadLogo }] = await Promise.all([
    import('jspdf'),
    import('./quote-document'),
    import('./logo'),
  ]);
  const logo = await loadLogo(setup.company.logoUrl);
  renderVersionedQuotePdf(jsPDF, quote, setup, locale, logo).save(versionedQuoteFileName(quote));
}

/** Builds and saves workorder-{id}.pdf. */
export async function downloadWorkOrderPdf(order: WorkOrderPdfInput, setup: PdfSetup, locale: Locale): Promise<void> {
  const { jsPDF, documents, logo } = await loadPdfKit(setup.company.logoUrl);
  documents.renderWorkOrderPdf(jsPDF, order, setup, locale, logo).save(`workorder-${order.id}.pdf`);
}

/** Builds and saves invoice-{number}.pdf (contract-spec §3): lines, figures, payments, the balance due and how to pay. */
export async function downloadInvoicePdf(invoice: InvoicePdfInput, setup: PdfSetup, locale: Locale): Promise<void> {
  const [{ jsPDF }, { renderInvoicePdf, invoiceFileName }, { loadLogo }] = await Promise.all([
    import('jspdf'),
    import('./invoice-document'),
    import('./logo'),
  ]);
  const logo = await loadLogo(setup.company.logoUrl);
  renderInvoicePdf(jsPDF, invoice, setup, locale, logo).save(invoiceFileName(invoice));
}
