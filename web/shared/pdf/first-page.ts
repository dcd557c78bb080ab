import { drawLines } from './flow';
import { pdfLabels } from './labels';
import { BRAND, INK, LINE, MUTED, TINT } from './layout';
import type { PdfLogo, PdfPages } from './render';
import { initials, pdfSafe } from './text';

/*
 * A document's first page's top (render.ts startDocument): the letterhead, the title with the total
 * boxed beside it, then the customer's block and the fields side by side.
 */

/** Draws the first page's top; returns the y under it, where the body starts. */
export function drawFirstPageTop(pages: PdfPages, logo: PdfLogo | undefined): number {
  const ruleY = drawLetterhead(pages, logo);
  const titleBottom = drawTitle(pages, ruleY + 11);
  return drawParties(pages, titleBottom + 7);
}

const LOGO_HEIGHT = 18;
/** The company's contact lines at the letterhead's right. */
const CONTACT_WIDTH = 80;

/** Logo (or the drawn mark), company name, and at the right its address, phones and e-mail. Returns the rule's y. */
function drawLetterhead({ doc, layout, setup, locale }: PdfPages, logo: PdfLogo | undefined): number {
  const { company } = setup;
  const { left, right, top } = layout;
  let textX = left + LOGO_HEIGHT + 5;
  if (logo) {
    const width = Math.min(55, (logo.width / Math.max(1, logo.height)) * LOGO_HEIGHT);
    doc.addImage(logo.dataUrl, 'PNG', left, top, width, LOGO_HEIGHT);
    textX = left + width + 5;
  } else {
    doc.setFillColor(...BRAND);
    doc.roundedRect(left, top, LOGO_HEIGHT, LOGO_HEIGHT, 2.5, 2.5, 'F');
    doc.setTextColor(255, 255, 255).setFont('helvetica', 'bold').setFontSize(15);
    doc.text(pdfSafe(initials(company.name)) || '*', left + LOGO_HEIGHT / 2, top + LOGO_HEIGHT / 2 + 2.2, { align: 'center' });
  }

  doc
    .setFont('helvetica', 'normal')
    .setFontSize(8.5)
    .setTextColor(...MUTED);
  const address = (doc.splitTextToSize(pdfSafe(company.address), CONTACT_WIDTH) as string[]).slice(0, 2);
  const contact = [...address, pdfSafe(`${pdfLabels[locale].phones} ${company.phones[0]} · ${company.phones[1]}`), pdfSafe(company.email)];
  const contactWidth = Math.max(...contact.map((line) => doc.getTextWidth(line)));
  drawLines(doc, contact, right, top + 3.5, 3.9, 'right');

  doc
    .setFont('helvetica', 'bold')
    .setFontSize(14)
    .setTextColor(...BRAND);
  const name = (doc.splitTextToSize(pdfSafe(company.name), Math.max(40, right - contactWidth - 6 - textX)) as string[]).slice(0, 2);
  drawLines(doc, name, textX, top + LOGO_HEIGHT / 2 + 1.8 - ((name.length - 1) * 5.6) / 2, 5.6);

  const ruleY = top + LOGO_HEIGHT + 5;
  doc
    .setDrawColor(...BRAND)
    .setLineWidth(0.8)
    .line(left, ruleY, right, ruleY);
  return ruleY;
}

const TOTAL_BOX = { width: 64, height: 19 } as const;

/** The title and number at the left; a quote's total, large in a filled box, at the right. Returns the lowest y used. */
function drawTitle({ doc, layout, head }: PdfPages, y: number): number {
  const { left, right } = layout;
  const titleWidth = layout.contentWidth - (head.total ? TOTAL_BOX.width + 6 : 0);
  doc
    .setTextColor(...INK)
    .setFont('helvetica', 'bold')
    .setFontSize(21);
  const title = (doc.splitTextToSize(pdfSafe(head.title), titleWidth) as string[]).slice(0, 2);
  drawLines(doc, title, left, y, 8.5);
  const subtitleY = y + (title.length - 1) * 8.5 + 7.5;
  doc
    .setFont('helvetica', 'normal')
    .setFontSize(12.5)
    .setTextColor(...MUTED)
    .text(pdfSafe(head.subtitle), left, subtitleY);
  let bottom = subtitleY + 1;
  if (head.total) {
    const boxTop = y - 7;
    const x = right - TOTAL_BOX.width;
    doc.setFillColor(...BRAND).rect(x, boxTop, TOTAL_BOX.width, TOTAL_BOX.height, 'F');
    doc.setTextColor(255, 255, 255).setFont('helvetica', 'bold').setFontSize(9.5);
    doc.text(pdfSafe(head.total.label), x + 4, boxTop + 6);
    doc.setFontSize(18).text(pdfSafe(head.total.amount), right - 4, boxTop + 14.5, { align: 'right' });
    bottom = Math.max(bottom, boxTop + TOTAL_BOX.height);
  }
  doc.setTextColor(...INK);
  return bottom;
}

const PARTY = { width: 92, padding: 4, labelWidth: 28, gap: 8 } as const;

/**
 * The customer's block (a tinted box: label, name, postal address, e-mail and phone) at the left and
 * the fields at the right, side by side. Without a customer the fields take the left. Returns the y under both.
 */
function drawParties({ doc, layout, setup, head }: PdfPages, top: number): number {
  const { left, right } = layout;
  const { customer } = setup;
  const fieldsX = customer ? left + PARTY.width + PARTY.gap : left;
  const valueWidth = right - fieldsX - PARTY.labelWidth;

  // Measure first: the box is filled before its text is written.
  doc.setFont('helvetica', 'normal').setFontSize(10);
  const wrap = (text: string, width: number) => doc.splitTextToSize(pdfSafe(text), width) as string[];
  const innerWidth = PARTY.width - 2 * PARTY.padding;
  const customerLines = customer
    ? {
        name: wrap(customer.name ?? customer.email, innerWidth).slice(0, 2),
        // The e-mail is the name's line when the profile has no name.
        rest: [customer.address, customer.name ? customer.email : null, customer.phone]
          .filter((text): text is string => Boolean(text))
          .flatMap((text) => wrap(text, innerWidth).slice(0, 3)),
      }
    : null;
  const fieldRows = head.fields.map(([label, value]) => ({ label, lines: wrap(value, valueWidth) }));
  const fieldsHeight = fieldRows.reduce((h, row) => h + LINE * row.lines.length + 1, 0);
  const customerHeight = customerLines
    ? PARTY.padding + 4 + LINE * (customerLines.name.length + customerLines.rest.length) + PARTY.padding
    : 0;

  if (customer && customerLines) {
    doc.setFillColor(...TINT).rect(left, top, PARTY.width, customerHeight, 'F');
    doc.setFillColor(...BRAND).rect(left, top, 1.2, customerHeight, 'F');
    let y = top + PARTY.padding + 2.5;
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(8)
      .setTextColor(...BRAND);
    doc.text(pdfSafe(head.customerLabel.toUpperCase()), left + PARTY.padding, y);
    y += LINE + 0.5;
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(11.5)
      .setTextColor(...INK);
    drawLines(doc, customerLines.name, left + PARTY.padding, y);
    y += LINE * customerLines.name.length;
    doc.setFont('helvetica', 'normal').setFontSize(10);
    drawLines(doc, customerLines.rest, left + PARTY.padding, y);
  }

  let y = top + PARTY.padding + 2.5;
  for (const row of fieldRows) {
    doc
      .setFont('helvetica', 'bold')
      .setFontSize(9.5)
      .setTextColor(...MUTED);
    doc.text(pdfSafe(row.label), fieldsX, y);
    doc
      .setFont('helvetica', 'normal')
      .setFontSize(10)
      .setTextColor(...INK);
    drawLines(doc, row.lines, fieldsX + PARTY.labelWidth, y);
    y += LINE * row.lines.length + 1;
  }
  return top + Math.max(customerHeight, fieldsHeight + PARTY.padding) + 4;
}
