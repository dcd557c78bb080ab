import type { PdfPaperSize } from '../../../contracts/public';

export type { PdfPaperSize };

/** The two papers in PDF points (1/72 in), as jsPDF writes them in each page's MediaBox. */
export const PAPER_POINTS: Record<PdfPaperSize, { width: number; height: number }> = {
  letter: { width: 612, height: 792 },
  a4: { width: 595.28, height: 841.89 },
};

const MM_PER_POINT = 25.4 / 72;

/**
 * The spec wraps the description at 190 units (the PDFs draw in millimetres): the text column is
 * 190 mm wide on either paper and centred, so the margins are 10 mm on A4 and 13 mm (about half an
 * inch) on US Letter, and every row (table, figures, footer) spans the whole column.
 */
export const CONTENT_WIDTH = 190;

/** Where things go on one paper, in millimetres from the page's top left corner. */
export interface PageLayout {
  paper: PdfPaperSize;
  width: number;
  height: number;
  /** The text column: from left to right, contentWidth wide. */
  left: number;
  right: number;
  contentWidth: number;
  /** The first page's letterhead starts here; a following page's text below its running head. */
  top: number;
  topOfNextPage: number;
  /** The footer's rule; body text stops a little above it. */
  footerTop: number;
  contentBottom: number;
}

export function pageLayout(paper: PdfPaperSize): PageLayout {
  const points = PAPER_POINTS[paper];
  const width = points.width * MM_PER_POINT;
  const height = points.height * MM_PER_POINT;
  const left = (width - CONTENT_WIDTH) / 2;
  const footerTop = height - 22;
  return {
    paper,
    width,
    height,
    left,
    right: left + CONTENT_WIDTH,
    contentWidth: CONTENT_WIDTH,
    top: 12,
    topOfNextPage: 26,
    footerTop,
    contentBottom: footerTop - 4,
  };
}

/** Line height of body text (10-11 pt), in mm. */
export const LINE = 5.2;
export const BRAND: [number, number, number] = [31, 78, 121];
/** A light tint of the brand colour: table heads and the customer's block. */
export const TINT: [number, number, number] = [236, 242, 248];
export const INK: [number, number, number] = [20, 20, 20];
export const MUTED: [number, number, number] = [90, 90, 90];
