import type { jsPDF } from 'jspdf';
import type { Locale } from '../../../../contracts/locale';
import type { QuoteDecisionView, QuoteVersionView } from '../../../../contracts/quote-document';
import { formatDate, formatDateTime, formatMoney } from '../../../shared/format';
import { pdfLabels, pdfLanguage, statusLabel } from './labels';
import { formatQuantity, formatTaxRate, lineChoice, shortHash, versionFigures } from './quote-figures';
import {
  BRAND,
  CONTENT_BOTTOM,
  drawFooters,
  drawHeader,
  LINE,
  PAGE,
  TOP_OF_NEXT_PAGE,
  type JsPdfConstructor,
  type PdfCompany,
  type PdfLogo,
} from './render';
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
}

// Table columns (mm): the item's text on the left, then three right-aligned figures.
const COL = { item: PAGE.margin, itemWidth: 98, quantity: 128, unitPrice: 162, amount: PAGE.width - PAGE.margin } as const;

/** A page's worth of writing: starts a new page (same font) when the next block does not fit. */
class Flow {
  y: number;
  constructor(
    readonly doc: jsPDF,
    y: number,
  ) {
    this.y = y;
  }
  need(height: number) {
    if (this.y + height <= CONTENT_BOTTOM) return;
    const { fontName, fontStyle } = this.doc.getFont();
    const size = this.doc.getFontSize();
    this.doc.addPage();
    this.doc.setTextColor(20, 20, 20).setFont(fontName, fontStyle).setFontSize(size);
    this.y = TOP_OF_NEXT_PAGE;
  }
  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(pdfSafe(text), width) as string[];
  }
  /** A heading with a rule under it, kept with at least `keep` mm of what follows. */
  heading(text: string, keep = 12) {
    this.y += 3;
    this.need(LINE + keep);
    this.doc
      .setFont('helvetica', 'bold')
      .setFontSize(12)
      .setTextColor(...BRAND);
    this.doc.text(pdfSafe(text), PAGE.margin, this.y);
    this.doc
      .setDrawColor(200, 200, 200)
      .setLineWidth(0.3)
      .line(PAGE.margin, this.y + 1.5, PAGE.width - PAGE.margin, this.y + 1.5);
    this.doc.setTextColor(20, 20, 20).setFontSize(10);
    this.y += LINE + 1.5;
  }
  paragraph(text: string) {
    this.doc.setFont('helvetica', 'normal').setFontSize(10);
    for (const line of this.wrap(text, PAGE.contentWidth)) {
      this.need(LINE);
      this.doc.text(line, PAGE.margin, this.y);
      this.y += LINE - 0.5;
    }
  }
  /** Label and value, the value wrapped beside it. */
  field(label: string, value: string, labelWidth = 40) {
    const lines = this.wrap(value, PAGE.contentWidth - labelWidth);
    this.need(LINE * lines.length);
    this.doc.setFont('helvetica', 'bold').text(pdfSafe(label), PAGE.margin, this.y);
    this.doc.setFont('helvetica', 'normal').text(lines, PAGE.margin + labelWidth, this.y);
    this.y += LINE * lines.length + 0.5;
  }
}

/**
 * The quote as a document: its version, lines (optional ones marked, and once approved which were
 * chosen), subtotal, tax, total, valid-until and terms; an approval adds the signature block. The
 * figures are those of the screen (quote-figures.ts).
 */
export function renderVersionedQuotePdf(
  JsPDF: JsPdfConstructor,
  quote: VersionedQuotePdfInput,
  company: PdfCompany,
  locale: Locale,
  logo?: PdfLogo,
): jsPDF {
  const l = pdfLabels[locale];
  const { version, decision } = quote;
  const figures = versionFigures(version, decision);
  const money = (amount: string) => formatMoney(amount, locale);
  const doc = new JsPDF({ unit: 'mm', format: 'a4' });
  const title = l.quoteTitle;
  const subtitle = l.quoteNumber(quote.id);
  doc.setProperties({ title: pdfSafe(`${title} - ${subtitle}`), author: pdfSafe(company.name) });
  doc.setLanguage(pdfLanguage(locale));
  drawHeader(doc, company, logo);

  doc.setTextColor(20, 20, 20).setFont('helvetica', 'bold').setFontSize(20);
  doc.text(pdfSafe(title), PAGE.margin, 45);
  doc.setFontSize(13).text(pdfSafe(subtitle), PAGE.margin, 53);

  const flow = new Flow(doc, 64);
  doc.setFontSize(11);
  const current = version.version === quote.currentVersion;
  flow.field(l.status, current ? statusLabel(quote.status, locale) : l.earlierVersion(quote.currentVersion));
  flow.field(l.date, formatDate(quote.created_at, locale));
  flow.field(l.version, String(version.version));
  if (version.validUntil) flow.field(l.validUntil, formatDate(version.validUntil, locale));
  flow.field(l.total, money(figures.total));

  const description = version.description || quote.description;
  if (description) {
    flow.heading(l.description);
    flow.paragraph(description);
  }

  drawLines(flow, quote, locale);
  drawFigures(flow, version.taxRate, figures, locale);

  if (version.terms) {
    flow.heading(l.terms);
    flow.paragraph(version.terms);
  }
  if (decision) drawDecision(flow, decision, locale);

  drawFooters(doc, { company, phonesLabel: l.phones, pageLabel: l.page });
  return doc;
}

function drawLines(flow: Flow, quote: VersionedQuotePdfInput, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc } = flow;
  const tableHead = () => {
    doc.setFont('helvetica', 'bold').setFontSize(9.5).setTextColor(80, 80, 80);
    doc.text(pdfSafe(l.item), COL.item, flow.y);
    doc.text(pdfSafe(l.quantity), COL.quantity, flow.y, { align: 'right' });
    doc.text(pdfSafe(l.unitPrice), COL.unitPrice, flow.y, { align: 'right' });
    doc.text(pdfSafe(l.lineTotal), COL.amount, flow.y, { align: 'right' });
    doc.setTextColor(20, 20, 20);
    flow.y += LINE;
  };
  flow.heading(l.lineItems, 20);
  tableHead();
  for (const line of quote.version.lines) {
    doc.setFont('helvetica', 'normal').setFontSize(10);
    const text = flow.wrap(line.description, COL.itemWidth);
    const choice = lineChoice(line, quote.decision);
    const note = choice === 'required' ? null : { optional: l.optional, chosen: l.chosen, notChosen: l.notChosen }[choice];
    const height = LINE * text.length + (note ? LINE - 1 : 0) + 1.5;
    if (flow.y + height > CONTENT_BOTTOM) {
      flow.need(height + LINE);
      tableHead();
      doc.setFont('helvetica', 'normal').setFontSize(10);
    }
    const top = flow.y;
    doc.text(text, COL.item, top);
    doc.text(pdfSafe(formatQuantity(line.quantity, locale)), COL.quantity, top, { align: 'right' });
    doc.text(pdfSafe(formatMoney(line.unitPrice, locale)), COL.unitPrice, top, { align: 'right' });
    // An optional line not counted in the figures shows its amount in grey.
    if (choice === 'optional' || choice === 'notChosen') doc.setTextColor(120, 120, 120);
    doc.text(pdfSafe(formatMoney(line.lineTotal, locale)), COL.amount, top, { align: 'right' });
    doc.setTextColor(20, 20, 20);
    flow.y = top + LINE * text.length - 0.5;
    if (note) {
      doc
        .setFont('helvetica', 'italic')
        .setFontSize(9)
        .setTextColor(...BRAND);
      doc.text(pdfSafe(note), COL.item, flow.y);
      doc.setTextColor(20, 20, 20);
      flow.y += LINE - 1;
    }
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(PAGE.margin, flow.y - 2.5, PAGE.width - PAGE.margin, flow.y - 2.5);
    flow.y += 2;
  }
}

function drawFigures(flow: Flow, taxRate: string, figures: { subtotal: string; tax: string; total: string }, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc } = flow;
  flow.y += 1;
  flow.need(LINE * 3 + 2);
  const rows: [string, string, boolean][] = [
    [l.subtotal, figures.subtotal, false],
    [l.tax(formatTaxRate(taxRate, locale)), figures.tax, false],
    [l.total, figures.total, true],
  ];
  for (const [label, amount, bold] of rows) {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(bold ? 12 : 10.5);
    doc.text(pdfSafe(label), COL.unitPrice, flow.y, { align: 'right' });
    doc.text(pdfSafe(formatMoney(amount, locale)), COL.amount, flow.y, { align: 'right' });
    flow.y += LINE + (bold ? 0.5 : 0);
  }
}

function drawDecision(flow: Flow, decision: QuoteDecisionView, locale: Locale) {
  const l = pdfLabels[locale];
  const { doc } = flow;
  if (decision.decision === 'Declined') {
    flow.heading(l.decision);
    doc.setFontSize(10);
    flow.field(l.status, statusLabel('Declined', locale));
    flow.field(l.declinedAt, formatDateTime(decision.decidedAt, locale));
    if (decision.reason) flow.field(l.reason, decision.reason);
    return;
  }
  flow.heading(l.signature, LINE * 6);
  const top = flow.y - 4;
  doc.setFontSize(10);
  flow.field(l.signedBy, decision.signerName ?? '', 45);
  flow.field(l.signedAt, formatDateTime(decision.decidedAt, locale), 45);
  if (decision.total) flow.field(l.signedTotal, formatMoney(decision.total, locale), 45);
  flow.field(l.contentHash, shortHash(decision.contentHash), 45);
  doc.setFont('helvetica', 'bold').setTextColor(...BRAND);
  doc.text(pdfSafe(l.signedElectronically), PAGE.margin + 45, flow.y);
  doc.setTextColor(20, 20, 20);
  flow.y += 2;
  doc
    .setDrawColor(...BRAND)
    .setLineWidth(0.4)
    .rect(PAGE.margin - 2, top, PAGE.contentWidth + 4, flow.y - top);
  flow.y += LINE;
}
