import type { jsPDF } from 'jspdf';
import type { Locale } from '../../../contracts/locale';
import { formatDate, formatMoney } from '../format';
import type { Flow } from './flow';
import { invoiceLabels, invoiceStatusLabel } from './invoice-labels';
import { BRAND, INK, LINE, MUTED, TINT } from './layout';
import { finishDocument, startDocument, type JsPdfConstructor, type PdfHead, type PdfLogo, type PdfSetup } from './render';
import { pdfSafe } from './text';

/** An invoice as both apps hold it (contract-spec §3): the same figures on the screen, the PDF and in the database. */
export interface InvoicePdfInput {
  number: string;
  /** deposit, progress or final. */
  kind: string;
  /** The stored status; `overdue` prints 'Overdue' for a Sent or Partially Paid invoice past its due day. */
  status: string;
  overdue: boolean;
  issuedAt: string | null;
  dueDate: string | null;
  workOrderId: number | null;
  quoteId: number | null;
  lines: readonly { description: string; amount: string }[];
  subtotal: string;
  tax: string;
  total: string;
  amountPaid: string;
  balance: string;
  voidReason: string | null;
  /** Payments received (a refund's amount as recorded, marked `refund`), oldest first. */
  payments: readonly { receivedAt: string; method: string; reference: string | null; amount: string; refund: boolean }[];
}

/** invoice-INV-0001.pdf */
export const invoiceFileName = (invoice: Pick<InvoicePdfInput, 'number'>) =>
  `invoice-${invoice.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;

/**
 * The invoice as a document: number, status, issue and due days, what it is for, its lines and
 * figures, the payments received and the balance due (boxed beside the title), and how to pay.
 */
export function renderInvoicePdf(
  JsPDF: JsPdfConstructor,
  invoice: InvoicePdfInput,
  setup: PdfSetup,
  locale: Locale,
  logo?: PdfLogo,
): jsPDF {
  const l = invoiceLabels[locale];
  const status = invoice.overdue ? 'Overdue' : invoice.status;
  const head: PdfHead = {
    title: l.title,
    subtitle: invoice.number,
    customerLabel: l.billTo,
    fields: [
      [l.status, invoiceStatusLabel(status, locale)],
      ...(invoice.issuedAt ? [[l.issued, formatDate(invoice.issuedAt, locale)] as const] : []),
      ...(invoice.dueDate ? [[l.due, formatDate(invoice.dueDate, locale)] as const] : []),
      ...(invoice.workOrderId !== null ? [[l.forWork, l.workOrder(invoice.workOrderId)] as const] : []),
      ...(invoice.workOrderId === null && invoice.quoteId !== null ? [[l.forWork, l.quote(invoice.quoteId)] as const] : []),
      ...(invoice.status === 'Void' && invoice.voidReason ? [[l.voidReason, invoice.voidReason] as const] : []),
    ],
    total: { label: l.balanceDue, amount: formatMoney(invoice.balance, locale) },
  };
  const { pages, flow } = startDocument(JsPDF, setup, locale, head, logo);
  const kind = l.kind[invoice.kind];
  if (kind) {
    flow.y += 2;
    flow.doc
      .setFont('helvetica', 'bold')
      .setFontSize(11)
      .setTextColor(...INK);
    flow.doc.text(pdfSafe(kind), flow.layout.left, flow.y);
    flow.y += LINE;
  }
  drawLines(flow, invoice, locale);
  drawFigures(flow, invoice, locale);
  if (invoice.payments.length > 0) {
    flow.heading(l.payments);
    for (const payment of invoice.payments) {
      const method = l.method[payment.method] ?? payment.method;
      const what = [payment.refund ? l.refund : method, payment.reference ? `${l.reference} ${payment.reference}` : null]
        .filter(Boolean)
        .join(' · ');
      const amount = formatMoney(payment.refund ? `-${payment.amount.replace(/^-/, '')}` : payment.amount, locale);
      flow.field(formatDate(payment.receivedAt, locale), `${what}  ${amount}`, 40);
    }
  }
  if (invoice.status !== 'Void' && invoice.status !== 'Paid') {
    flow.heading(l.howToPay);
    flow.paragraph(l.payByCheck(setup.company.name, setup.company.address));
  }
  return finishDocument(pages);
}

const amountColumn = (flow: Flow) => flow.layout.right - 2;

function drawLines(flow: Flow, invoice: InvoicePdfInput, locale: Locale) {
  const l = invoiceLabels[locale];
  const { doc, layout } = flow;
  const tableHead = () => {
    doc.setFillColor(...TINT).rect(layout.left, flow.y - 4.8, layout.contentWidth, 7, 'F');
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(9.5)
      .setTextColor(...MUTED);
    doc.text(pdfSafe(l.lines), layout.left + 2, flow.y);
    doc.text(pdfSafe(l.amount), amountColumn(flow), flow.y, { align: 'right' });
    doc.setTextColor(...INK);
    flow.y += LINE + 2.5;
  };
  flow.y += 4;
  flow.need(20);
  tableHead();
  for (const line of invoice.lines) {
    doc.setFont('helvetica', 'normal').setFontSize(10);
    const text = flow.wrap(line.description, layout.contentWidth - 45);
    const height = LINE * text.length + 1.5;
    if (flow.y + height > layout.contentBottom) {
      flow.need(height + LINE + 8);
      tableHead();
      doc.setFont('helvetica', 'normal').setFontSize(10);
    }
    const top = flow.y;
    text.forEach((row, i) => doc.text(row, layout.left + 2, top + i * LINE));
    doc.text(pdfSafe(formatMoney(line.amount, locale)), amountColumn(flow), top, { align: 'right' });
    flow.y = top + LINE * text.length - 0.5;
    doc
      .setDrawColor(225, 225, 225)
      .setLineWidth(0.2)
      .line(layout.left, flow.y - 2.5, layout.right, flow.y - 2.5);
    flow.y += 2;
  }
}

/** Subtotal, tax, total and paid under the amounts; the balance due in a filled band, the same figure as the box. */
function drawFigures(flow: Flow, invoice: InvoicePdfInput, locale: Locale) {
  const l = invoiceLabels[locale];
  const { doc, layout } = flow;
  const labelX = layout.right - 40;
  flow.y += 1.5;
  flow.need(LINE * 5 + 6);
  const rows: [string, string][] = [
    [l.subtotal, invoice.subtotal],
    [l.tax, invoice.tax],
    [l.total, invoice.total],
    [l.paid, invoice.amountPaid],
  ];
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(10.5)
    .setTextColor(...INK);
  for (const [label, amount] of rows) {
    doc.text(pdfSafe(label), labelX, flow.y, { align: 'right' });
    doc.text(pdfSafe(formatMoney(amount, locale)), amountColumn(flow), flow.y, { align: 'right' });
    flow.y += LINE;
  }
  const bandLeft = labelX - 45;
  doc.setFillColor(...BRAND).rect(bandLeft, flow.y - 3.6, layout.right - bandLeft, 9.5, 'F');
  doc.setFont('helvetica', 'bold').setFontSize(12.5).setTextColor(255, 255, 255);
  doc.text(pdfSafe(l.balanceDue), labelX, flow.y + 2.6, { align: 'right' });
  doc.text(pdfSafe(formatMoney(invoice.balance, locale)), amountColumn(flow), flow.y + 2.6, { align: 'right' });
  doc.setTextColor(...INK);
  flow.y += 9.5 + LINE;
}
