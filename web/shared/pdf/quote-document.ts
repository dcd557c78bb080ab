import type { jsPDF } from 'jspdf';
import type { Locale } from '../../../contracts/locale';
import type { QuoteDecisionView, QuoteVersionView } from '../../../contracts/quote-document';
import { formatDate, formatDateTime, formatMoney } from '../format';
import type { Flow } from './flow';
import { pdfLabels, statusLabel } from './labels';
import { BRAND, INK, LINE, MUTED, TINT, type PageLayout } from './layout';
import { formatQuantity, formatTaxRate, lineChoice, shortHash, versionFigures } from './quote-figures';
import { finishDocument, startDocument, type JsPdfConstructor, type PdfHead, type PdfLogo, type PdfSetup } from './render';
import { pdfSafe } from './text';

/** A quote with a sent version (written by the office's editor): the PDF with its lines and figures. */
export interface VersionedQuotePdfInput {
  id: number;
  description: string;
  created_at: string;
  status: string;
  version: QuoteVersionView;
  /** The customer's answer to this version, if any (an approval prints its signature block). */
  decision: QuoteDecisionView | null;
  /** The quote's current version: an earlier one says it was replaced. */
  currentVersion: number;
  /** The address of the property it is for (contract-spec §4: PDFs show it), when it has one. */
  address?: string | null | undefined;
}

/** Table columns (mm): the item's text from the left, then three right-aligned figures ending at the right. */
const columns = ({ left, right }: PageLayout) =>
  ({ item: left + 2, itemWidth: 104, quantity: right - 66, unitPrice: right - 34, amount: right - 2 }) as const;

/**
 * The quote as a document: its version, lines (optional ones marked, and once approved which were
 * chosen), subtotal, tax, total, valid-until and terms; an approval adds the signature block. The
 * figures are those of the screen (quote-figures.ts).
 */
export function renderVersionedQuotePdf(
  JsPDF: JsPdfConstructor,
  quote: VersionedQuotePdfInput,
  setup: PdfSetup,
  locale: Locale,
  logo?: PdfLogo,
): jsPDF {
  const l = pdfLabels[locale];
  const { version, decision } = quote;
  const figures = versionFigures(version, decision);
  const current = version.version === quote.currentVersion;
  const head: PdfHead = {
    title: l.quoteTitle,
    subtitle: l.quoteNumber(quote.id),
    customerLabel: l.preparedFor,
    fields: [
      [l.status, current ? statusLabel(quote.status, locale) : l.earlierVersion(quote.currentVersion)],
      [l.date, formatDate(quote.created_at, locale)],
      [l.version, String(version.version)],
      ...(version.validUntil ? [[l.validUntil, formatDate(version.validUntil, locale)] as const] : []),
      ...(quote.address ? [[l.address, quote.address] as const] : []),
    ],
    total: { label: l.total, amount: formatMoney(figures.total, locale) },
  };
  const { pages, flow } = startDocument(JsPDF, setup, locale, head, logo);

  const description = version.description || quote.description;
  if (description) {
    flow.heading(l.description);
    flow.paragraph(description);
  }

  drawLineItems(flow, quote, locale);
  drawFigures(flow, version.taxRate, figures, locale);

  if (version.terms) {
    flow.heading(l.terms);
    flow.paragraph(version.terms);
  }
  if (decision) drawDecision(flow, decision, locale);

  return finishDocument(pages);
}

function drawLineItems(flow: Flow, quote: VersionedQuotePdfInput, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc, layout } = flow;
  const col = columns(layout);
  // The column heads on a tinted band across the page, repeated on each page the table continues on.
  const tableHead = () => {
    doc.setFillColor(...TINT).rect(layout.left, flow.y - 4.8, layout.contentWidth, 7, 'F');
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(9.5)
      .setTextColor(...MUTED);
    doc.text(pdfSafe(l.item), col.item, flow.y);
    doc.text(pdfSafe(l.quantity), col.quantity, flow.y, { align: 'right' });
    doc.text(pdfSafe(l.unitPrice), col.unitPrice, flow.y, { align: 'right' });
    doc.text(pdfSafe(l.lineTotal), col.amount, flow.y, { align: 'right' });
    doc.setTextColor(...INK);
    flow.y += LINE + 2.5;
  };
  flow.heading(l.lineItems, 20);
  tableHead();
  for (const line of quote.version.lines) {
    doc.setFont('helvetica', 'normal').setFontSize(10);
    const text = flow.wrap(line.description, col.itemWidth);
    const choice = lineChoice(line, quote.decision);
    const note = choice === 'required' ? null : { optional: l.optional, chosen: l.chosen, notChosen: l.notChosen }[choice];
    const height = LINE * text.length + (note ? LINE - 1 : 0) + 1.5;
    if (flow.y + height > layout.contentBottom) {
      flow.need(height + LINE + 8);
      tableHead();
      doc.setFont('helvetica', 'normal').setFontSize(10);
    }
    const top = flow.y;
    text.forEach((row, i) => doc.text(row, col.item, top + i * LINE));
    doc.text(pdfSafe(formatQuantity(line.quantity, locale)), col.quantity, top, { align: 'right' });
    doc.text(pdfSafe(formatMoney(line.unitPrice, locale)), col.unitPrice, top, { align: 'right' });
    // An optional line not counted in the figures shows its amount in grey.
    if (choice === 'optional' || choice === 'notChosen') doc.setTextColor(120, 120, 120);
    doc.text(pdfSafe(formatMoney(line.lineTotal, locale)), col.amount, top, { align: 'right' });
    doc.setTextColor(...INK);
    flow.y = top + LINE * text.length - 0.5;
    if (note) {
      doc
        .setFont('helvetica', 'italic')
        .setFontSize(9)
        .setTextColor(...BRAND);
      doc.text(pdfSafe(note), col.item, flow.y);
      doc.setTextColor(...INK);
      flow.y += LINE - 1;
    }
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(layout.left, flow.y - 2.5, layout.right, flow.y - 2.5);
    flow.y += 2;
  }
}

/** Subtotal and tax under the amounts; the total in a filled band, the same figure as the box under the title. */
function drawFigures(flow: Flow, taxRate: string, figures: { subtotal: string; tax: string; total: string }, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc, layout } = flow;
  const col = columns(layout);
  flow.y += 1.5;
  flow.need(LINE * 3 + 6);
  const rows: [string, string][] = [
    [l.subtotal, figures.subtotal],
    [l.tax(formatTaxRate(taxRate, locale)), figures.tax],
  ];
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(10.5)
    .setTextColor(...INK);
  for (const [label, amount] of rows) {
    doc.text(pdfSafe(label), col.unitPrice, flow.y, { align: 'right' });
    doc.text(pdfSafe(formatMoney(amount, locale)), col.amount, flow.y, { align: 'right' });
    flow.y += LINE;
  }
  const bandLeft = col.quantity - 24;
  doc.setFillColor(...BRAND).rect(bandLeft, flow.y - 3.6, layout.right - bandLeft, 9.5, 'F');
  doc.setFont('helvetica', 'bold').setFontSize(12.5).setTextColor(255, 255, 255);
  doc.text(pdfSafe(l.total), col.unitPrice, flow.y + 2.6, { align: 'right' });
  doc.text(pdfSafe(formatMoney(figures.total, locale)), col.amount, flow.y + 2.6, { align: 'right' });
  doc.setTextColor(...INK);
  flow.y += 9.5 + LINE;
}

function drawDecision(flow: Flow, decision: QuoteDecisionView, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc, layout } = flow;
  if (decision.decision === 'Declined') {
    flow.heading(l.decision);
    flow.field(l.status, statusLabel('Declined', locale));
    flow.field(l.declinedAt, formatDateTime(decision.decidedAt, locale));
    if (decision.reason) flow.field(l.reason, decision.reason);
    return;
  }
  flow.heading(l.signature, LINE * 6);
  const top = flow.y - 4.5;
  flow.field(l.signedBy, decision.signerName ?? '', 45);
  flow.field(l.signedAt, formatDateTime(decision.decidedAt, locale), 45);
  if (decision.total) flow.field(l.signedTotal, formatMoney(decision.total, locale), 45);
  flow.field(l.contentHash, shortHash(decision.contentHash), 45);
  doc.setFont('helvetica', 'bold').setTextColor(...BRAND);
  doc.text(pdfSafe(l.signedElectronically), layout.left + 45, flow.y);
  doc.setTextColor(...INK);
  flow.y += 2;
  doc
    .setDrawColor(...BRAND)
    .setLineWidth(0.4)
    .rect(layout.left - 2, top, layout.contentWidth + 4, flow.y - top);
  flow.y += LINE;
}
