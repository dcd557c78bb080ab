// @vitest-environment node
import { jsPDF } from 'jspdf';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import type { QuoteVersionView } from '../../../contracts/quote-document';
import { renderQuotePdf, renderWorkOrderPdf } from './documents';
import { PAPER_POINTS, pageLayout, type PdfPaperSize } from './layout';
import { renderVersionedQuotePdf } from './quote-document';
import type { PdfSetup } from './render';

const setup = (paperSize: PdfPaperSize): PdfSetup => ({
  company: {
    name: 'Northwind Builders (demo)',
    email: 'office@northwind-builders.example',
    phones: ['(555) 010-2000', '(555) 010-2001'],
    address: '100 Example Avenue, Springfield, ST 00000',
    logoUrl: null,
  },
  customer: { name: 'Maria Lopez', email: 'maria@example.com', phone: '555-0142', address: '42 Elm Street, Springfield' },
  paperSize,
});
const MM = 72 / 25.4;
const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

/** The first page's MediaBox as jsPDF writes it, in points. */
function mediaBox(doc: jsPDF): number[] {
  const box = /\/MediaBox \[([^\]]+)\]/.exec(doc.output())?.[1];
  return (box ?? '').trim().split(/\s+/).map(Number);
}

/** Every piece of text on every page with its box in points (origin at the bottom left, as PDF has it). */
async function textBoxes(doc: jsPDF) {
  const pdf = await getDocument({
    data: new Uint8Array(doc.output('arraybuffer')),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const boxes: { page: number; str: string; x: number; y: number; width: number }[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim())
        boxes.push({ page: n, str: item.str, x: item.transform[4], y: item.transform[5], width: item.width });
    }
  }
  await pdf.destroy();
  return boxes;
}

describe('the paper', () => {
  it('is US Letter (612 x 792 pt) or A4 (595.28 x 841.89 pt)', () => {
    expect(PAPER_POINTS.letter).toEqual({ width: 612, height: 792 });
    expect(PAPER_POINTS.a4).toEqual({ width: 595.28, height: 841.89 });
  });

  it('gives each a 190 mm text column, centred: 10 mm margins on A4, about half an inch on Letter', () => {
    const letter = pageLayout('letter');
    expect(letter.width).toBeCloseTo(215.9, 1);
    expect(letter.height).toBeCloseTo(279.4, 1);
    expect(letter.contentWidth).toBe(190);
    expect(letter.left).toBeCloseTo(12.95, 2);
    expect(letter.right).toBeCloseTo(letter.width - 12.95, 2);
    const a4 = pageLayout('a4');
    expect(a4.width).toBeCloseTo(210, 1);
    expect(a4.height).toBeCloseTo(297, 1);
    expect(a4.left).toBeCloseTo(10, 1);
    // The footer sits at the bottom of each paper, the body stops above it.
    expect(letter.footerTop).toBeCloseTo(279.4 - 22, 1);
    expect(a4.footerTop).toBeCloseTo(297 - 22, 1);
    expect(letter.contentBottom).toBeLessThan(letter.footerTop);
  });

  it('is the page size of every document', () => {
    for (const paper of ['letter', 'a4'] as const) {
      const { width, height } = PAPER_POINTS[paper];
      const quote = renderQuotePdf(
        jsPDF,
        { id: 1, description: 'Roof', created_at: '2026-03-01T15:00:00Z', total: '10', status: 'Sent' },
        setup(paper),
        'en',
      );
      const order = renderWorkOrderPdf(
        jsPDF,
        { id: 2, description: 'Tap', address: '1 Way', status: 'Pending', submitted_at: '2026-03-01T15:00:00Z' },
        setup(paper),
        'en',
      );
      for (const doc of [quote, order]) {
        const [x0, y0, x1, y1] = mediaBox(doc);
        expect([x0, y0]).toEqual([0, 0]);
        expect(x1).toBeCloseTo(width, 2);
        expect(y1).toBeCloseTo(height, 2);
      }
    }
  });
});

const line = (id: number, description: string) => ({
  id,
  key: `k${id}`,
  position: id,
  description,
  quantity: '1.00',
  unitPrice: '10.00',
  lineTotal: '10.00',
  optional: false,
});
const longVersion: QuoteVersionView = {
  version: 1,
  description: 'A long quote',
  subtotal: '600.00',
  taxRate: '0',
  tax: '0.00',
  total: '600.00',
  validUntil: '2099-06-30',
  terms: 'Half up front, half on completion.',
  sentAt: '2026-03-02T10:00:00.000Z',
  lines: Array.from({ length: 60 }, (_, i) => line(i + 1, `Line number ${i + 1}, a piece of work with a description long enough to wrap`)),
};

describe('the layout on each paper', () => {
  for (const paper of ['letter', 'a4'] as const) {
    it(`keeps every text inside the ${paper} page's column and above its bottom edge, the footer last on each page`, async () => {
      const layout = pageLayout(paper);
      const doc = renderVersionedQuotePdf(
        jsPDF,
        {
          id: 9,
          description: 'A long quote',
          created_at: '2026-03-01T15:00:00Z',
          status: 'Sent',
          version: longVersion,
          decision: null,
          currentVersion: 1,
        },
        setup(paper),
        'en',
      );
      const boxes = await textBoxes(doc);
      expect(doc.getNumberOfPages()).toBeGreaterThan(1);
      // pdfjs measures Helvetica about 1% wider than jsPDF does: 2 pt of slack at the right.
      for (const box of boxes) {
        expect(box.x, box.str).toBeGreaterThanOrEqual(layout.left * MM - 0.5);
        expect(box.x + box.width, box.str).toBeLessThanOrEqual(layout.right * MM + 2);
        expect(box.y, box.str).toBeGreaterThan(5 * MM);
      }
      // Page n of m at the foot of each page: nothing of the body is drawn below the footer's first line.
      for (let page = 1; page <= doc.getNumberOfPages(); page++) {
        const onPage = boxes.filter((b) => b.page === page);
        const pageLabel = onPage.find((b) => b.str === `Page ${page} of ${doc.getNumberOfPages()}`);
        expect(pageLabel).toBeDefined();
        expect(pageLabel!.y).toBeLessThan(25 * MM);
        const body = onPage.filter((b) => b.str.startsWith('Line number'));
        for (const b of body) expect(b.y).toBeGreaterThan(pageLabel!.y + 5 * MM);
      }
      // The table's amounts end at the column's right edge: the table spans the page.
      const amountsEnd = Math.max(...boxes.filter((b) => b.str === '$10.00').map((b) => b.x + b.width));
      expect(amountsEnd).toBeGreaterThan((layout.right - 3) * MM);
    });
  }
});
