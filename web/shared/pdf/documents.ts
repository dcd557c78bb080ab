import type { Locale } from '../../../contracts/locale';
import { formatDate, formatMoney } from '../format';
import { pdfLabels, statusLabel } from './labels';
import { finishDocument, startDocument, type JsPdfConstructor, type PdfHead, type PdfLogo, type PdfSetup } from './render';

export interface QuotePdfInput {
  id: number;
  description: string | null;
  created_at: string;
  total: string;
  status: string;
  /** The address of the property it is for (contract-spec §4), when it has one. */
  address?: string | null | undefined;
}

export interface WorkOrderPdfInput {
  id: number;
  description: string;
  address: string;
  status: string;
  submitted_at: string;
  /** The visit, as the screens word it ('{date}, {from}–{until}'); none when not scheduled. */
  visit?: string | null | undefined;
  /** The quote it came from: the lines signed (chosen optional lines included) and the signed total. */
  quote?: { id: number; lines: { description: string; amount: string }[]; total: string } | null | undefined;
  /** The notes the office made visible to the customer, oldest first. */
  notes?: { at: string; body: string }[] | undefined;
}

/** The letterhead, title, customer and fields, then the description (if any) across the page, then the footers. */
function renderDocument(JsPDF: JsPdfConstructor, head: PdfHead, description: string, setup: PdfSetup, locale: Locale, logo?: PdfLogo) {
  const { pages, flow } = startDocument(JsPDF, setup, locale, head, logo);
  if (description.trim()) {
    flow.heading(pdfLabels[locale].description);
    flow.paragraph(description);
  }
  return finishDocument(pages);
}

/** The quote PDF: 'Official Quote', id, status, date, total with 2 decimals (boxed), description. */
export function renderQuotePdf(JsPDF: JsPdfConstructor, quote: QuotePdfInput, setup: PdfSetup, locale: Locale, logo?: PdfLogo) {
  const l = pdfLabels[locale];
  const head: PdfHead = {
    title: l.quoteTitle,
    subtitle: l.quoteNumber(quote.id),
    customerLabel: l.preparedFor,
    fields: [
      [l.status, statusLabel(quote.status, locale)],
      [l.date, formatDate(quote.created_at, locale)],
      ...(quote.address ? [[l.address, quote.address] as [string, string]] : []),
    ],
    total: { label: l.total, amount: formatMoney(quote.total, locale) },
  };
  return renderDocument(JsPDF, head, quote.description ?? '', setup, locale, logo);
}

/** The work order PDF: 'Work Order Summary', id, status, date, address, description. */
export function renderWorkOrderPdf(JsPDF: JsPdfConstructor, order: WorkOrderPdfInput, setup: PdfSetup, locale: Locale, logo?: PdfLogo) {
  const l = pdfLabels[locale];
  const head: PdfHead = {
    title: l.workOrderTitle,
    subtitle: l.workOrderNumber(order.id),
    customerLabel: l.customer,
    fields: [
      [l.status, statusLabel(order.status, locale)],
      [l.date, formatDate(order.submitted_at, locale)],
      [l.address, order.address],
      ...(order.visit ? ([[l.visit, order.visit]] as [string, string][]) : []),
    ],
  };
  const { pages, flow } = startDocument(JsPDF, setup, locale, head, logo);
  if (order.description.trim()) {
    flow.heading(l.description);
    flow.paragraph(order.description);
  }
  if (order.quote) {
    flow.heading(l.fromQuote(order.quote.id));
    for (const line of order.quote.lines) flow.field(line.description, line.amount, 110);
    flow.field(l.total, formatMoney(order.quote.total, locale), 110);
  }
  if (order.notes?.length) {
    flow.heading(l.notes);
    for (const note of order.notes) flow.field(formatDate(note.at, locale), note.body);
  }
  return finishDocument(pages);
}
