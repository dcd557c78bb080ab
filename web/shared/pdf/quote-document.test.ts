// @vitest-environment node
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import type { QuoteDecisionView, QuoteVersionView } from '../../../contracts/quote-document';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { versionedQuoteFileName } from './index';
import { renderVersionedQuotePdf, type VersionedQuotePdfInput } from './quote-document';
import { formatQuantity, formatTaxRate, versionFigures } from './quote-figures';
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
const line = (id: number, description: string, quantity: string, unitPrice: string, lineTotal: string, optional = false) => ({
  id,
  key: `k${id}`,
  position: id,
  description,
  quantity,
  unitPrice,
  lineTotal,
  optional,
});
const version: QuoteVersionView = {
  version: 2,
  description: 'Backyard deck',
  subtotal: '650.00',
  taxRate: '8.250',
  tax: '53.63',
  total: '703.63',
  validUntil: '2099-06-30',
  terms: 'Half up front, half on completion.',
  sentAt: '2026-03-02T10:00:00.000Z',
  lines: [
    line(11, 'Boards', '20.00', '12.50', '250.00'),
    line(12, 'Railing', '1.00', '400.00', '400.00'),
    line(13, 'Stain, two coats', '2.50', '35.01', '87.53', true),
    line(14, 'Lights', '4.00', '19.99', '79.96', true),
  ],
};
const approval: QuoteDecisionView = {
  id: 5,
  version: 2,
  decision: 'Approved',
  signerName: 'Ana Ruiz',
  reason: null,
  optionalItemIds: [13],
  total: '798.38',
  decidedAt: '2026-03-04T15:30:00.000Z',
  contentHash: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
};
const quote: VersionedQuotePdfInput = {
  id: 42,
  description: 'Backyard deck',
  created_at: '2026-03-01T15:00:00.000Z',
  status: 'Sent',
  version,
  decision: null,
  currentVersion: 2,
};
/** The PDF's text with runs of spaces as one (pdfjs spaces each placed piece). */
const textOf = async (doc: jsPDF) => (await readPdfText(new Uint8Array(doc.output('arraybuffer')))).text.replace(/[ \t]+/g, ' ');

describe('the figures of a version', () => {
  it('are the version’s own until approved, then the required and chosen lines’ (the signed total)', () => {
    expect(versionFigures(version, null)).toEqual({ subtotal: '650.00', tax: '53.63', total: '703.63' });
    // 650.00 + 87.53 = 737.53; tax 8.25 % of it = 60.846225 -> 60.85; total 798.38.
    expect(versionFigures(version, approval)).toEqual({ subtotal: '737.53', tax: '60.85', total: '798.38' });
    expect(versionFigures(version, { ...approval, decision: 'Declined', optionalItemIds: [], total: null })).toEqual({
      subtotal: '650.00',
      tax: '53.63',
      total: '703.63',
    });
  });

  it('prints quantities and rates exactly, in the language', () => {
    expect(formatQuantity('2.50', 'en')).toBe('2.5');
    expect(formatQuantity('1000.00', 'en')).toBe('1,000');
    expect(formatTaxRate('8.250', 'en')).toBe('8.25%');
    expect(formatTaxRate('0.125', 'es')).toBe('0.125%');
  });
});

describe('the PDF of a quote with versions', () => {
  it('has the lines with quantities and prices, optional lines marked, figures, version, valid-until and terms', async () => {
    const text = await textOf(renderVersionedQuotePdf(jsPDF, quote, setup, 'en'));
    for (const part of [
      'Official Quote',
      'Quote #42',
      'Sent',
      'Version 2',
      'Valid until Jun 30, 2099',
      'Boards 20 $12.50 $250.00',
      'Stain, two coats 2.5 $35.01 $87.53',
      'Optional',
      'Subtotal $650.00',
      'Tax (8.25%) $53.63',
      'Total $703.63',
      'Half up front, half on completion.',
      'office@northwind-builders.example',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('Signed electronically');
  });

  it("names the property's address (contract-spec §4), when the quote has one", async () => {
    const text = await textOf(renderVersionedQuotePdf(jsPDF, { ...quote, address: '7 Lake Road, Cabin 3' }, setup, 'en'));
    expect(text).toContain('Address 7 Lake Road, Cabin 3');
    const spanish = await textOf(renderVersionedQuotePdf(jsPDF, { ...quote, address: '7 Lake Road, Cabin 3' }, setup, 'es'));
    expect(spanish).toContain('Dirección 7 Lake Road, Cabin 3');
    expect(await textOf(renderVersionedQuotePdf(jsPDF, quote, setup, 'en'))).not.toContain('Address');
  });

  it('once approved: which optional lines were chosen, the signed figures and the signature block', async () => {
    const signed = { ...approval, total: versionFigures(version, approval).total };
    const text = await textOf(renderVersionedQuotePdf(jsPDF, { ...quote, status: 'Approved', decision: signed }, setup, 'en'));
    for (const part of [
      'Approved',
      'Optional, chosen',
      'Optional, not chosen',
      'Subtotal $737.53',
      'Total $798.38',
      'Signature',
      'Signed by Ana Ruiz',
      'Mar 4, 2026',
      'Signed total $798.38',
      'Signed electronically',
      'Content hash 0123456789abcdef',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('0123456789abcdef0');
  });

  it('is in Spanish when the portal is', async () => {
    const text = await textOf(
      renderVersionedQuotePdf(jsPDF, { ...quote, status: 'Approved', decision: { ...approval, total: '798.38' } }, setup, 'es'),
    );
    for (const part of [
      'Cotización oficial',
      'Cotización #42',
      'Aprobada',
      'Versión 2',
      'Válida hasta 30 jun 2099',
      'Partidas',
      'Opcional, elegida',
      'Impuesto (8.25%)',
      'Términos',
      'Firmado por Ana Ruiz',
      'Firmado electrónicamente',
      'Total firmado $798.38',
    ]) {
      expect(text).toContain(part);
    }
    for (const part of ['PREPARADA PARA', 'Maria Lopez', 'Partida Cant. Precio unitario Importe', 'Página 1 de '])
      expect(text).toContain(part);
    for (const english of [
      'Official Quote',
      'Signed',
      'Optional',
      'Version',
      'Terms',
      'Prepared',
      'Item',
      'Unit price',
      'Amount',
      'Phone',
      'Page',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('an earlier version says it was replaced, and its file name says which version it is', async () => {
    const earlier = { ...quote, version: { ...version, version: 1 }, currentVersion: 2 };
    expect(await textOf(renderVersionedQuotePdf(jsPDF, earlier, setup, 'en'))).toContain('Earlier version (now version 2)');
    expect(versionedQuoteFileName(earlier)).toBe('quote-42-v1.pdf');
    expect(versionedQuoteFileName(quote)).toBe('quote-42.pdf');
  });

  it('a decline prints its date and reason', async () => {
    const declined: QuoteDecisionView = { ...approval, decision: 'Declined', signerName: null, reason: 'Too expensive', total: null };
    const text = await textOf(renderVersionedQuotePdf(jsPDF, { ...quote, status: 'Declined', decision: declined }, setup, 'en'));
    expect(text).toContain('Declined on Mar 4, 2026');
    expect(text).toContain('Reason Too expensive');
    expect(text).not.toContain('Signed electronically');
  });

  it('flows many lines onto further pages, each with the footer', async () => {
    const many = Array.from({ length: 70 }, (_, i) => line(100 + i, `Line number ${i + 1} of the long quote`, '1.00', '10.00', '10.00'));
    const doc = renderVersionedQuotePdf(jsPDF, { ...quote, version: { ...version, lines: many } }, setup, 'en');
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    const { pages } = await readPdfText(new Uint8Array(doc.output('arraybuffer')));
    for (const page of pages) expect(page).toContain('(555) 010-2001');
    expect(pages.join('\n')).toContain('Line number 70 of the long quote');
    // Each following page says whose document it is and repeats the table's head.
    for (const page of pages.slice(1)) {
      expect(page.replace(/[ \t]+/g, ' ')).toContain('Quote #42 · Official Quote');
      expect(page.replace(/[ \t]+/g, ' ')).toContain('Item Qty Unit price Amount');
    }
  });
});
