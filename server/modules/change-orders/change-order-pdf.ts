import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';
import type { ChangeOrderView } from '../../../contracts/change-order-document';
import type { Locale } from '../../../contracts/locale';
import { formatDate, formatDateTime, formatMoney, setCompanyTimeZone } from '../../../web/shared/format';
import { pdfLabels } from '../../../web/shared/pdf/labels';
import { BRAND, INK } from '../../../web/shared/pdf/layout';
import { formatQuantity, shortHash } from '../../../web/shared/pdf/quote-figures';
import { finishDocument, startDocument, type PdfSetup } from '../../../web/shared/pdf/render';
import { pdfSafe } from '../../../web/shared/pdf/text';
import { changeOrderTitle } from './mail';

/** The words of the signed change order (contract-spec §2), English and Spanish. */
const labels = {
  en: {
    subtitle: (id: number) => `Quote #${id}`,
    whatChanged: 'What changed',
    added: 'Added',
    removed: 'Removed',
    changed: 'Changed',
    was: 'was',
    amount: 'Amount of the change',
    // '→' is not in the PDF fonts' WinAnsi: '->' stands for it.
    contractTotal: (before: string, after: string) => `Contract total: ${before} -> ${after}`,
    reason: 'Reason',
    addedDays: 'Added days',
    answerBy: 'Answer by',
  },
  es: {
    subtitle: (id: number) => `Cotización #${id}`,
    whatChanged: 'Qué cambió',
    added: 'Agregada',
    removed: 'Quitada',
    changed: 'Cambiada',
    was: 'antes',
    amount: 'Importe del cambio',
    contractTotal: (before: string, after: string) => `Total del contrato: ${before} -> ${after}`,
    reason: 'Motivo',
    addedDays: 'Días adicionales',
    answerBy: 'Responder antes del',
  },
} as const;

/**
 * The signed change order as a PDF, drawn on the server with the quote PDF's letterhead, flow and
 * footer (web/shared/pdf): its lines added, removed and changed, the amount, 'Contract total: {old}
 * → {new}', reason, added days, and the signature block. Like the signed quote, its creation date
 * is the signing time and its file id comes from the content hash.
 */
export function renderSignedChangeOrderPdf(
  order: ChangeOrderView,
  signature: { signerName: string; decidedAt: string; contentHash: string },
  setup: PdfSetup,
  locale: Locale,
  timeZone: string,
): Uint8Array {
  setCompanyTimeZone(timeZone);
  const l = labels[locale];
  const p = pdfLabels[locale];
  const money = (amount: string) => formatMoney(amount, locale);
  const { pages, flow } = startDocument(
    jsPDF,
    setup,
    locale,
    {
      title: changeOrderTitle(locale, order.number, order.quoteId),
      subtitle: l.subtitle(order.quoteId),
      customerLabel: p.preparedFor,
      fields: [
        [p.date, formatDate(signature.decidedAt, locale)],
        ...(order.answerBy ? [[l.answerBy, formatDate(order.answerBy, locale)] as const] : []),
      ],
      total: { label: l.amount, amount: money(order.amount) },
    },
    undefined,
  );
  const { doc, layout } = flow;

  flow.heading(l.whatChanged);
  for (const line of order.lines) {
    const kind = { added: l.added, removed: l.removed, changed: l.changed }[line.change];
    const figures = `${formatQuantity(line.quantity, locale)} × ${money(line.unitPrice)} = ${money(line.lineTotal)}`;
    const before = line.old
      ? ` (${l.was}: ${line.old.description}, ${formatQuantity(line.old.quantity, locale)} × ${money(line.old.unitPrice)} = ${money(line.old.lineTotal)})`
      : '';
    flow.paragraph(`${kind}: ${line.description} — ${figures}${before}`);
  }
  flow.field(l.amount, money(order.amount), 55);
  flow.paragraph(l.contractTotal(money(order.totalBefore), money(order.totalAfter)));
  if (order.reason) flow.field(l.reason, order.reason, 55);
  flow.field(l.addedDays, String(order.addedDays), 55);

  flow.heading(p.signature, 30);
  const top = flow.y - 4.5;
  flow.field(p.signedBy, signature.signerName, 45);
  flow.field(p.signedAt, formatDateTime(signature.decidedAt, locale), 45);
  flow.field(p.contentHash, shortHash(signature.contentHash), 45);
  doc.setFont('helvetica', 'bold').setTextColor(...BRAND);
  doc.text(pdfSafe(p.signedElectronically), layout.left + 45, flow.y);
  doc.setTextColor(...INK);
  flow.y += 2;
  doc
    .setDrawColor(...BRAND)
    .setLineWidth(0.4)
    .rect(layout.left - 2, top, layout.contentWidth + 4, flow.y - top);

  const out = finishDocument(pages);
  out.setCreationDate(new Date(signature.decidedAt));
  out.setFileId(createHash('md5').update(signature.contentHash).digest('hex').toUpperCase());
  return new Uint8Array(out.output('arraybuffer'));
}
