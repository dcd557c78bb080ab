import type { jsPDF } from 'jspdf';
import type { Locale } from '../../../contracts/locale';
import type { PublicConfig } from '../../../contracts/public';
import { drawLines, Flow } from './flow';
import { drawFirstPageTop } from './first-page';
import { pdfLabels, pdfLanguage } from './labels';
import { BRAND, INK, MUTED, pageLayout, type PageLayout, type PdfPaperSize } from './layout';
import { pdfSafe } from './text';

export type JsPdfConstructor = typeof jsPDF;
export type PdfCompany = PublicConfig['company'];

/** A logo already loaded as a data URL, with its pixel size (for its aspect ratio). */
export interface PdfLogo {
  dataUrl: string;
  width: number;
  height: number;
}

/** Whom the document is for: the customer's profile (name, postal address, e-mail, phone). */
export interface PdfCustomer {
  name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
}

/**
 * What every PDF takes besides its record: the company (GET /api/config), the customer (the profile),
 * and the paper (PDF_PAPER_SIZE, also from GET /api/config). No customer: the block is left out.
 */
export interface PdfSetup {
  company: PdfCompany;
  customer: PdfCustomer | null;
  paperSize: PdfPaperSize;
}

/** The first page's top, already in the document's language. */
export interface PdfHead {
  title: string;
  subtitle: string;
  /** 'Prepared for' / 'Customer' above the customer's name and address. */
  customerLabel: string;
  /** Status, date... beside the customer's block. */
  fields: ReadonlyArray<readonly [label: string, value: string]>;
  /** The amount shown large in a box beside the title (quotes). */
  total?: { label: string; amount: string } | undefined;
}

/** One document being drawn: the page layout of its paper, and what every page repeats. */
export interface PdfPages {
  doc: jsPDF;
  layout: PageLayout;
  setup: PdfSetup;
  locale: Locale;
  head: PdfHead;
}

/**
 * Opens a document on the configured paper and draws its first page's top: the letterhead (logo, company
 * name and contact), the title with the total boxed beside it, then the customer's block and the
 * fields side by side. Returns the body's flow, starting under them.
 */
export function startDocument(JsPDF: JsPdfConstructor, setup: PdfSetup, locale: Locale, head: PdfHead, logo: PdfLogo | undefined) {
  const doc = new JsPDF({ unit: 'mm', format: setup.paperSize });
  const layout = pageLayout(setup.paperSize);
  doc.setProperties({ title: pdfSafe(`${head.title} - ${head.subtitle}`), author: pdfSafe(setup.company.name) });
  doc.setLanguage(pdfLanguage(locale));
  const pages: PdfPages = { doc, layout, setup, locale, head };
  const y = drawFirstPageTop(pages, logo);
  return { pages, flow: new Flow(doc, layout, y) };
}

/** Ends a document: a running head on every page after the first, and the footer on all. */
export function finishDocument({ doc, layout, setup, locale, head }: PdfPages): jsPDF {
  const l = pdfLabels[locale];
  const { company } = setup;
  const { left, right, top, footerTop } = layout;
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    if (page > 1) {
      doc
        .setFont('helvetica', 'normal')
        .setFontSize(9)
        .setTextColor(...MUTED);
      doc.text(pdfSafe(`${head.subtitle} · ${head.title}`), left, top + 3);
      doc
        .setFont('helvetica', 'bold')
        .setTextColor(...BRAND)
        .text(pdfSafe(company.name), right, top + 3, { align: 'right' });
      doc
        .setDrawColor(200, 200, 200)
        .setLineWidth(0.3)
        .line(left, top + 6, right, top + 6);
    }
    doc.setDrawColor(200, 200, 200).setLineWidth(0.3).line(left, footerTop, right, footerTop);
    doc
      .setTextColor(...INK)
      .setFont('helvetica', 'bold')
      .setFontSize(8.5);
    doc.text(pdfSafe(company.name), left, footerTop + 5);
    doc.setFont('helvetica', 'normal');
    doc.text(pdfSafe(l.page(page, pages)), right, footerTop + 5, { align: 'right' });
    doc.setTextColor(...MUTED);
    doc.text(pdfSafe(`${l.phones} ${company.phones[0]} · ${company.phones[1]} · ${company.email}`), left, footerTop + 9.2);
    const address = doc.splitTextToSize(pdfSafe(company.address), layout.contentWidth - 30) as string[];
    drawLines(doc, address.slice(0, 2), left, footerTop + 13.4, 4.2);
  }
  return doc;
}
