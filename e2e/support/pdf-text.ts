import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdfjs reads the 14 standard fonts' metrics from here (jsPDF uses Helvetica). */
const standardFontDataUrl =
  path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + path.sep;

export interface PdfText {
  /** The text of each page, items joined by spaces, lines by newlines. */
  pages: string[];
  /** Every page's text, joined by newlines. */
  text: string;
}

/** Reads a PDF's text with pdfjs (the legacy build runs in Node): a file path or the bytes. */
export async function readPdfText(source: string | Uint8Array): Promise<PdfText> {
  const data = typeof source === 'string' ? new Uint8Array(await fs.readFile(source)) : new Uint8Array(source);
  const pdf = await getDocument({ data, standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/[ \t]+\n/g, '\n')
          .trim(),
      );
    }
    return { pages, text: pages.join('\n') };
  } finally {
    await pdf.destroy();
  }
}
