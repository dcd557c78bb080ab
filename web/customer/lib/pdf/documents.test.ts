// @vitest-environment node
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../../e2e/support/pdf-text';
import { renderQuotePdf, renderWorkOrderPdf } from './documents';
import type { PdfCompany } from './render';

const company: PdfCompany = {
  name: 'Northwind Builders (demo)',
  email: 'office@northwind-builders.example',
  phones: ['(555) 010-2000', '(555) 010-2001'],
  address: '100 Example Avenue, Springfield, ST 00000',
  logoUrl: null,
};
const quote = {
  id: 42,
  description: 'Replace the roof shingles.',
  created_at: '2026-03-01T15:00:00.000Z',
  total: '1234.5',
  status: 'Approved',
};
const order = {
  id: 7,
  description: 'Fix the leaking tap.',
  address: '42 Elm Street, Springfield',
  status: 'In Progress',
  submitted_at: '2026-02-10T15:00:00.000Z',
};

const textOf = async (doc: jsPDF) => readPdfText(new Uint8Array(doc.output('arraybuffer')));
const footer = [
  'Northwind Builders (demo)',
  '(555) 010-2000',
  '(555) 010-2001',
  'office@northwind-builders.example',
  '100 Example Avenue, Springfield, ST 00000',
];

describe('quote PDF', () => {
  it('has the title, id, status, date, total with 2 decimals, description and footer', async () => {
    const { pages, text } = await textOf(renderQuotePdf(jsPDF, quote, company, 'en'));
    expect(pages).toHaveLength(1);
    for (const part of ['Official Quote', 'Quote #42', 'Approved', 'Mar 1, 2026', '$1,234.50', 'Replace the roof shingles.', ...footer]) {
      expect(text).toContain(part);
    }
  });

  it('is in Spanish when the portal is', async () => {
    const { text } = await textOf(renderQuotePdf(jsPDF, quote, company, 'es'));
    for (const part of ['Cotización oficial', 'Cotización #42', 'Aprobada', 'Estado', 'Descripción', 'Página 1 de 1'])
      expect(text).toContain(part);
    expect(text).not.toContain('Official Quote');
  });

  it('wraps a long description at 190 mm and flows it onto further pages, each with the footer', async () => {
    const paragraph = 'The crew removes the old shingles, checks the decking and installs new underlayment. ';
    const long = Array.from({ length: 120 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n');
    const doc = renderQuotePdf(jsPDF, { ...quote, description: long }, company, 'en');
    expect(doc.getNumberOfPages()).toBeGreaterThan(2);
    const { pages, text } = await textOf(doc);
    expect(pages.length).toBe(doc.getNumberOfPages());
    for (const page of pages) for (const part of footer) expect(page).toContain(part);
    expect(text).toContain('120. The crew removes');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
    // Nothing runs past the right margin: every wrapped line fits in 190 mm.
    const lines = doc.splitTextToSize(long, 190) as string[];
    expect(Math.max(...lines.map((l) => doc.getTextWidth(l)))).toBeLessThanOrEqual(190);
  });

  it('prints characters its font lacks as ? instead of garbage', async () => {
    const { text } = await textOf(renderQuotePdf(jsPDF, { ...quote, description: 'Señal 😀 ok' }, company, 'en'));
    expect(text).toContain('Señal ? ok');
  });

  it('places the company logo image when there is one', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const withLogo = renderQuotePdf(jsPDF, quote, company, 'en', { dataUrl: pixel, width: 1, height: 1 }).output();
    const without = renderQuotePdf(jsPDF, quote, company, 'en').output();
    expect(withLogo).toContain('/Subtype /Image');
    expect(without).not.toContain('/Subtype /Image');
  });
});

describe('work order PDF', () => {
  it('has the title, id, status, date, address, description and footer', async () => {
    const { text } = await textOf(renderWorkOrderPdf(jsPDF, order, company, 'en'));
    for (const part of [
      'Work Order Summary',
      'Work Order #7',
      'In Progress',
      'Feb 10, 2026',
      '42 Elm Street, Springfield',
      'Fix the leaking tap.',
      ...footer,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('is in Spanish when the portal is', async () => {
    const { text } = await textOf(renderWorkOrderPdf(jsPDF, order, company, 'es'));
    for (const part of ['Resumen de orden de trabajo', 'Orden de trabajo #7', 'En progreso', 'Dirección']) expect(text).toContain(part);
  });
});
