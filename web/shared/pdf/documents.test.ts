// @vitest-environment node
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { renderQuotePdf, renderWorkOrderPdf } from './documents';
import type { PdfCompany, PdfSetup } from './render';

const company: PdfCompany = {
  name: 'Northwind Builders (demo)',
  email: 'office@northwind-builders.example',
  phones: ['(555) 010-2000', '(555) 010-2001'],
  address: '100 Example Avenue, Springfield, ST 00000',
  logoUrl: null,
};
const customer = { name: 'Maria Lopez', email: 'maria@example.com', phone: '555-0142', address: '42 Elm Street, Springfield' };
const setup: PdfSetup = { company, customer, paperSize: 'letter' };
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
/** The text on one line, runs of spaces as one (pdfjs spaces each placed piece and breaks lines by position). */
const flat = (text: string) => text.replace(/\s+/g, ' ');
const footer = [
  'Northwind Builders (demo)',
  '(555) 010-2000',
  '(555) 010-2001',
  'office@northwind-builders.example',
  '100 Example Avenue, Springfield, ST 00000',
];

describe('quote PDF', () => {
  it('has the title, id, status, date, total with 2 decimals, description and footer', async () => {
    const { pages, text } = await textOf(renderQuotePdf(jsPDF, quote, setup, 'en'));
    expect(pages).toHaveLength(1);
    for (const part of ['Official Quote', 'Quote #42', 'Approved', 'Mar 1, 2026', '$1,234.50', 'Replace the roof shingles.', ...footer]) {
      expect(text).toContain(part);
    }
  });

  it('is prepared for the customer: name, postal address, e-mail and phone; the total boxed by the title; Page 1 of 1', async () => {
    const text = flat((await textOf(renderQuotePdf(jsPDF, quote, setup, 'en'))).text);
    for (const part of [
      'PREPARED FOR',
      'Maria Lopez',
      '42 Elm Street, Springfield',
      'maria@example.com',
      '555-0142',
      'Total $1,234.50',
      'Page 1 of 1',
    ])
      expect(text).toContain(part);
    // The box comes right after the title and number, before the customer's block.
    expect(text.indexOf('Total $1,234.50')).toBeLessThan(text.indexOf('PREPARED FOR'));
  });

  it('without a name in the profile the e-mail heads the block; without a customer there is no block', async () => {
    const noName = flat((await textOf(renderQuotePdf(jsPDF, quote, { ...setup, customer: { ...customer, name: null } }, 'en'))).text);
    expect(noName).toContain('PREPARED FOR maria@example.com 42 Elm Street');
    const nobody = flat((await textOf(renderQuotePdf(jsPDF, quote, { ...setup, customer: null }, 'en'))).text);
    expect(nobody).not.toContain('PREPARED FOR');
    expect(nobody).toContain('Status Approved');
  });

  it('is in Spanish when the portal is, with no English word left', async () => {
    const text = flat((await textOf(renderQuotePdf(jsPDF, quote, setup, 'es'))).text);
    for (const part of [
      'Cotización oficial',
      'Cotización #42',
      'PREPARADA PARA Maria Lopez',
      'Estado Aprobada',
      'Fecha 1 mar 2026',
      'Total $1,234.50',
      'Descripción',
      'Tel. (555) 010-2000 · (555) 010-2001',
      'Página 1 de 1',
    ])
      expect(text).toContain(part);
    for (const english of ['Official Quote', 'Quote #', 'Prepared', 'Status', 'Date', 'Description', 'Phone', 'Page']) {
      expect(text).not.toContain(english);
    }
  });

  it('wraps a long description at 190 mm and flows it onto further pages, each with the footer', async () => {
    const paragraph = 'The crew removes the old shingles, checks the decking and installs new underlayment. ';
    const long = Array.from({ length: 120 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n');
    const doc = renderQuotePdf(jsPDF, { ...quote, description: long }, setup, 'en');
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
    const { text } = await textOf(renderQuotePdf(jsPDF, { ...quote, description: 'Señal 😀 ok' }, setup, 'en'));
    expect(text).toContain('Señal ? ok');
  });

  it('places the company logo image when there is one', () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const withLogo = renderQuotePdf(jsPDF, quote, setup, 'en', { dataUrl: pixel, width: 1, height: 1 }).output();
    const without = renderQuotePdf(jsPDF, quote, setup, 'en').output();
    expect(withLogo).toContain('/Subtype /Image');
    expect(without).not.toContain('/Subtype /Image');
  });
});

describe('work order PDF', () => {
  it('has the title, id, status, date, address, description and footer', async () => {
    const { text } = await textOf(renderWorkOrderPdf(jsPDF, order, setup, 'en'));
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

  it('names the customer with their postal address, beside the address of the job', async () => {
    const text = flat((await textOf(renderWorkOrderPdf(jsPDF, { ...order, address: '88 Lakeside Drive' }, setup, 'en'))).text);
    for (const part of ['CUSTOMER Maria Lopez 42 Elm Street, Springfield', 'Address 88 Lakeside Drive', 'Page 1 of 1']) {
      expect(text).toContain(part);
    }
  });

  it('is in Spanish when the portal is, with no English word left', async () => {
    const text = flat((await textOf(renderWorkOrderPdf(jsPDF, order, setup, 'es'))).text);
    for (const part of [
      'Resumen de orden de trabajo',
      'Orden de trabajo #7',
      'CLIENTE Maria Lopez',
      'Estado En progreso',
      'Dirección 42 Elm Street',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(part);
    }
    for (const english of ['Work Order', 'Customer', 'Status', 'In Progress', 'Address', 'Description', 'Phone', 'Page']) {
      expect(text).not.toContain(english);
    }
  });
});

describe('the work order summary of a scheduled order made from a quote (issue 22)', () => {
  const full = {
    ...order,
    visit: 'Feb 20, 2026, 8:00 AM–10:30 AM (America/Chicago)',
    quote: {
      id: 42,
      lines: [
        { description: 'Replace the faucet', amount: '1 × $189.00 = $189.00' },
        { description: 'Shut-off valves (chosen)', amount: '2 × $24.50 = $49.00' },
      ],
      total: '257.64',
    },
    notes: [{ at: '2026-02-11T15:00:00.000Z', body: 'Please keep the dog inside on the day.' }],
  };

  it('prints the visit, the lines and signed total of its quote, and the visible notes', async () => {
    const text = flat((await textOf(renderWorkOrderPdf(jsPDF, full, setup, 'en'))).text);
    for (const part of [
      'Visit Feb 20, 2026, 8:00 AM–10:30 AM (America/Chicago)',
      'From Quote #42',
      'Replace the faucet 1 × $189.00 = $189.00',
      'Shut-off valves (chosen) 2 × $24.50 = $49.00',
      'Total $257.64',
      'Notes from the office',
      'Please keep the dog inside on the day.',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('in Spanish', async () => {
    const text = flat((await textOf(renderWorkOrderPdf(jsPDF, full, setup, 'es'))).text);
    for (const part of ['Visita', 'De la cotización #42', 'Notas de la oficina', '$257.64']) expect(text).toContain(part);
  });
});
