import type { jsPDF } from 'jspdf';
import type { PublicConfig } from '../../../../contracts/public';
import { initials, pdfSafe } from './text';

export type JsPdfConstructor = typeof jsPDF;
export type PdfCompany = PublicConfig['company'];

/** A logo already loaded as a data URL, with its pixel size (for its aspect ratio). */
export interface PdfLogo {
  dataUrl: string;
  width: number;
  height: number;
}

/** What one PDF says, already in its language; the layout below only places it. */
export interface PdfContent {
  title: string;
  subtitle: string;
  fields: ReadonlyArray<readonly [label: string, value: string]>;
  descriptionLabel: string;
  description: string;
  company: PdfCompany;
  phonesLabel: string;
  pageLabel: (page: number, pages: number) => string;
  language: 'en-US' | 'es';
  logo?: PdfLogo | undefined;
}

// A4 in millimetres. The spec wraps the description at 190 units: 10 mm margins on each side.
export const PAGE = { width: 210, height: 297, margin: 10, contentWidth: 190 } as const;
export const TOP_OF_NEXT_PAGE = 20;
/** Body text stops here; below is the footer. */
export const CONTENT_BOTTOM = 268;
export const LINE = 5.5;
export const BRAND: [number, number, number] = [31, 78, 121];

export function drawHeader(doc: jsPDF, company: PdfCompany, logo: PdfLogo | undefined): void {
  const { margin } = PAGE;
  let textX = margin + 20;
  if (logo) {
    const height = 16;
    const width = Math.min(60, (logo.width / Math.max(1, logo.height)) * height);
    doc.addImage(logo.dataUrl, 'PNG', margin, margin, width, height);
    textX = margin + width + 4;
  } else {
    doc.setFillColor(...BRAND);
    doc.roundedRect(margin, margin, 16, 16, 2, 2, 'F');
    doc.setTextColor(255, 255, 255).setFont('helvetica', 'bold').setFontSize(13);
    doc.text(pdfSafe(initials(company.name)) || '*', margin + 8, margin + 10.5, { align: 'center' });
  }
  doc
    .setTextColor(...BRAND)
    .setFont('helvetica', 'bold')
    .setFontSize(14);
  doc.text(pdfSafe(company.name), textX, margin + 10);
  doc
    .setDrawColor(...BRAND)
    .setLineWidth(0.6)
    .line(margin, 32, PAGE.width - margin, 32);
}

/** Name, two phones, e-mail and postal address on every page, with the page number. */
export function drawFooters(doc: jsPDF, content: Pick<PdfContent, 'company' | 'phonesLabel' | 'pageLabel'>): void {
  const { margin, width, contentWidth } = PAGE;
  const { company } = content;
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc
      .setDrawColor(200, 200, 200)
      .setLineWidth(0.3)
      .line(margin, 272, width - margin, 272);
    doc.setTextColor(60, 60, 60).setFont('helvetica', 'bold').setFontSize(9);
    doc.text(pdfSafe(company.name), margin, 277);
    doc.setFont('helvetica', 'normal');
    doc.text(content.pageLabel(page, pages), width - margin, 277, { align: 'right' });
    doc.text(pdfSafe(`${content.phonesLabel} ${company.phones[0]} · ${company.phones[1]}`), margin, 281.5);
    doc.text(pdfSafe(company.email), margin, 286);
    const address = doc.splitTextToSize(pdfSafe(company.address), contentWidth) as string[];
    doc.text(address.slice(0, 2), margin, 290.5);
  }
}

/** Draws one PDF: header with logo, title, fields, the description flowing onto new pages, footers. */
export function renderPdf(JsPDF: JsPdfConstructor, content: PdfContent): jsPDF {
  const doc = new JsPDF({ unit: 'mm', format: 'a4' });
  const { margin, contentWidth } = PAGE;
  doc.setProperties({ title: pdfSafe(`${content.title} - ${content.subtitle}`), author: pdfSafe(content.company.name) });
  doc.setLanguage(content.language);
  drawHeader(doc, content.company, content.logo);

  doc.setTextColor(20, 20, 20).setFont('helvetica', 'bold').setFontSize(20);
  doc.text(pdfSafe(content.title), margin, 45);
  doc.setFontSize(13).text(pdfSafe(content.subtitle), margin, 53);

  let y = 64;
  doc.setFontSize(11);
  for (const [label, value] of content.fields) {
    doc.setFont('helvetica', 'bold').text(pdfSafe(label), margin, y);
    const lines = doc.splitTextToSize(pdfSafe(value), contentWidth - 40) as string[];
    doc.setFont('helvetica', 'normal').text(lines, margin + 40, y);
    y += LINE * lines.length + 1.5;
  }

  y += 4;
  doc.setFont('helvetica', 'bold').text(pdfSafe(content.descriptionLabel), margin, y);
  y += LINE + 1;
  doc.setFont('helvetica', 'normal');
  const lines = doc.splitTextToSize(pdfSafe(content.description), contentWidth) as string[];
  for (const line of lines) {
    if (y > CONTENT_BOTTOM) {
      doc.addPage();
      doc.setTextColor(20, 20, 20).setFont('helvetica', 'normal').setFontSize(11);
      y = TOP_OF_NEXT_PAGE;
    }
    doc.text(line, margin, y);
    y += LINE;
  }

  drawFooters(doc, content);
  return doc;
}
