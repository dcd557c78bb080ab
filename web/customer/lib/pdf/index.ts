import type { Locale } from '../../../../contracts/locale';
import type { QuotePdfInput, WorkOrderPdfInput } from './documents';
import type { PdfCompany } from './render';

export type { QuotePdfInput, WorkOrderPdfInput };

/**
 * The PDF builders. jsPDF (~130 kB gzip) and the layout load on the first click only, with
 * import(): none of it is in the first page's JavaScript. Later clicks reuse the loaded chunks.
 */
async function loadPdfKit(logoUrl: string | null) {
  const [{ jsPDF }, documents, { loadLogo }] = await Promise.all([import('jspdf'), import('./documents'), import('./logo')]);
  return { jsPDF, documents, logo: await loadLogo(logoUrl) };
}

/** Builds and saves quote-{id}.pdf. */
export async function downloadQuotePdf(quote: QuotePdfInput, company: PdfCompany, locale: Locale): Promise<void> {
  const { jsPDF, documents, logo } = await loadPdfKit(company.logoUrl);
  documents.renderQuotePdf(jsPDF, quote, company, locale, logo).save(`quote-${quote.id}.pdf`);
}

/** Builds and saves workorder-{id}.pdf. */
export async function downloadWorkOrderPdf(order: WorkOrderPdfInput, company: PdfCompany, locale: Locale): Promise<void> {
  const { jsPDF, documents, logo } = await loadPdfKit(company.logoUrl);
  documents.renderWorkOrderPdf(jsPDF, order, company, locale, logo).save(`workorder-${order.id}.pdf`);
}
