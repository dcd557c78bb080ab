import type { Locale } from '../../../../contracts/locale';
import { formatDate, formatMoney } from '../../../shared/format';
import { pdfLabels, pdfLanguage, statusLabel } from './labels';
import { renderPdf, type JsPdfConstructor, type PdfCompany, type PdfLogo } from './render';

export interface QuotePdfInput {
  id: number;
  description: string | null;
  created_at: string;
  total: string | number;
  status: string;
}

export interface WorkOrderPdfInput {
  id: number;
  description: string;
  address: string;
  status: string;
  submitted_at: string;
}

/** What differs between the two documents; labels, language, company, footer and logo are the same. */
interface DocumentParts {
  title: string;
  subtitle: string;
  fields: [label: string, value: string][];
  description: string;
}

function renderDocument(JsPDF: JsPdfConstructor, parts: DocumentParts, company: PdfCompany, locale: Locale, logo: PdfLogo | undefined) {
  const l = pdfLabels[locale];
  return renderPdf(JsPDF, {
    ...parts,
    descriptionLabel: l.description,
    company,
    phonesLabel: l.phones,
    pageLabel: l.page,
    language: pdfLanguage(locale),
    logo,
  });
}

/** The quote PDF: 'Official Quote', id, status, date, total with 2 decimals, description. */
export function renderQuotePdf(JsPDF: JsPdfConstructor, quote: QuotePdfInput, company: PdfCompany, locale: Locale, logo?: PdfLogo) {
  const l = pdfLabels[locale];
  const fields: DocumentParts['fields'] = [
    [l.status, statusLabel(quote.status, locale)],
    [l.date, formatDate(quote.created_at, locale)],
    [l.total, formatMoney(quote.total, locale)],
  ];
  return renderDocument(
    JsPDF,
    { title: l.quoteTitle, subtitle: l.quoteNumber(quote.id), fields, description: quote.description ?? '' },
    company,
    locale,
    logo,
  );
}

/** The work order PDF: 'Work Order Summary', id, status, date, address, description. */
export function renderWorkOrderPdf(JsPDF: JsPdfConstructor, order: WorkOrderPdfInput, company: PdfCompany, locale: Locale, logo?: PdfLogo) {
  const l = pdfLabels[locale];
  const fields: DocumentParts['fields'] = [
    [l.status, statusLabel(order.status, locale)],
    [l.date, formatDate(order.submitted_at, locale)],
    [l.address, order.address],
  ];
  return renderDocument(
    JsPDF,
    { title: l.workOrderTitle, subtitle: l.workOrderNumber(order.id), fields, description: order.description },
    company,
    locale,
    logo,
  );
}
