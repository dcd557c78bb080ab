import type { jsPDF } from 'jspdf';
import { BRAND, INK, LINE, MUTED, type PageLayout } from './layout';
import { pdfSafe } from './text';

/**
 * A document's body as it is written down the page: starts a new page (same font) when the next
 * block does not fit above the footer. Every block spans the layout's text column.
 */
export class Flow {
  y: number;
  constructor(
    readonly doc: jsPDF,
    readonly layout: PageLayout,
    y: number,
  ) {
    this.y = y;
  }

  /** Makes room for `height` mm: a new page when it would run into the footer. */
  need(height: number) {
    if (this.y + height <= this.layout.contentBottom) return;
    const { fontName, fontStyle } = this.doc.getFont();
    const size = this.doc.getFontSize();
    this.doc.addPage();
    this.doc
      .setTextColor(...INK)
      .setFont(fontName, fontStyle)
      .setFontSize(size);
    this.y = this.layout.topOfNextPage;
  }

  wrap(text: string, width: number): string[] {
    return this.doc.splitTextToSize(pdfSafe(text), width) as string[];
  }

  /** A heading with a rule under it, kept with at least `keep` mm of what follows. */
  heading(text: string, keep = 12) {
    const { left, right } = this.layout;
    this.y += 4;
    this.need(LINE + keep);
    this.doc
      .setFont('helvetica', 'bold')
      .setFontSize(12)
      .setTextColor(...BRAND);
    this.doc.text(pdfSafe(text), left, this.y);
    this.doc
      .setDrawColor(200, 200, 200)
      .setLineWidth(0.3)
      .line(left, this.y + 1.8, right, this.y + 1.8);
    this.doc.setTextColor(...INK).setFontSize(10);
    this.y += LINE + 2;
  }

  /** Text across the whole column, wrapped at its width (190 mm, the spec's limit). */
  paragraph(text: string) {
    this.doc.setFont('helvetica', 'normal').setFontSize(10.5);
    for (const line of this.wrap(text, this.layout.contentWidth)) {
      this.need(LINE);
      this.doc.text(line, this.layout.left, this.y);
      this.y += LINE;
    }
  }

  /** Label and value, the value wrapped beside it. */
  field(label: string, value: string, labelWidth = 40) {
    const { left, contentWidth } = this.layout;
    this.doc.setFontSize(10);
    const lines = this.wrap(value, contentWidth - labelWidth);
    this.need(LINE * lines.length);
    this.doc
      .setFont('helvetica', 'bold')
      .setTextColor(...MUTED)
      .text(pdfSafe(label), left, this.y);
    this.doc.setFont('helvetica', 'normal').setTextColor(...INK);
    drawLines(this.doc, lines, left + labelWidth, this.y);
    this.y += LINE * lines.length + 0.5;
  }
}

/** Lines already wrapped, one under the other at `step` mm (jsPDF's own spacing follows the font size). */
export function drawLines(doc: jsPDF, lines: readonly string[], x: number, y: number, step = LINE, align: 'left' | 'right' = 'left') {
  lines.forEach((line, i) => doc.text(line, x, y + i * step, { align }));
}
