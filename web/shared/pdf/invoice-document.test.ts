// @vitest-environment node
import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { readPdfText } from '../../../e2e/support/pdf-text';
import { invoiceFileName, renderInvoicePdf, type InvoicePdfInput } from './invoice-document';
import type { PdfSetup } from './render';

const setup: PdfSetup = {
  company: {
    name: 'Northwind Builders (demo)',
    email: 'office@northwind-builders.example',
    phones: ['(555) 010-2000', '(555) 010-2001'],
    address: '100 Example Avenue, Springfield, ST 00000',
    logoUrl: null,
  },
  customer: { name: 'Maria Lopez', email: 'maria@example.com', phone: '555-0142', address: '42 Elm Street, Springfield' },
  paperSize: 'letter',
};

const invoice: InvoicePdfInput = {
  number: 'INV-0007',
  kind: 'progress',
  status: 'Partially Paid',
  overdue: false,
  issuedAt: '2026-11-02T15:00:00.000Z',
  dueDate: '2026-11-16',
  workOrderId: 31,
  quoteId: 42,
  lines: [{ description: 'Framing complete (40 % of the contract)', amount: '1250.00' }],
  subtotal: '1250.00',
  tax: '0.00',
  total: '1250.00',
  amountPaid: '500.00',
  balance: '750.00',
  voidReason: null,
  payments: [
    { receivedAt: '2026-11-05', method: 'check', reference: '1042', amount: '600.00', refund: false },
    { receivedAt: '2026-11-06', method: 'check', reference: null, amount: '100.00', refund: true },
  ],
};

const textOf = async (doc: jsPDF) => (await readPdfText(new Uint8Array(doc.output('arraybuffer')))).text.replace(/[ \t]+/g, ' ');

describe('the invoice PDF', () => {
  it('has the number, status, days, what it is for, the lines, figures, payments, balance due and how to pay', async () => {
    const text = await textOf(renderInvoicePdf(jsPDF, invoice, setup, 'en'));
    for (const part of [
      'Invoice',
      'INV-0007',
      'Balance due $750.00',
      'Status Partially Paid',
      'Issued Nov 2, 2026',
      'Due Nov 16, 2026',
      'For Work Order #31',
      'BILL TO',
      'Maria Lopez',
      'Progress invoice',
      'Framing complete (40 % of the contract) $1,250.00',
      'Total $1,250.00',
      'Paid $500.00',
      'Payments received',
      'Check · Ref. 1042 $600.00',
      'Refund -$100.00',
      'How to pay',
      'By check payable to Northwind Builders (demo)',
    ]) {
      expect(text).toContain(part);
    }
    expect(invoiceFileName(invoice)).toBe('invoice-INV-0007.pdf');
  });

  it('says Overdue past its due day, and a paid or void invoice has no payment instructions', async () => {
    expect(await textOf(renderInvoicePdf(jsPDF, { ...invoice, overdue: true }, setup, 'en'))).toContain('Status Overdue');
    const paid = await textOf(renderInvoicePdf(jsPDF, { ...invoice, status: 'Paid', balance: '0.00' }, setup, 'en'));
    expect(paid).not.toContain('How to pay');
    const voided = await textOf(renderInvoicePdf(jsPDF, { ...invoice, status: 'Void', voidReason: 'Billed twice' }, setup, 'en'));
    expect(voided).toContain('Status Void');
    expect(voided).toContain('Reason Billed twice');
    expect(voided).not.toContain('How to pay');
  });

  it('is in Spanish when the app is', async () => {
    const text = await textOf(renderInvoicePdf(jsPDF, { ...invoice, overdue: true, kind: 'deposit' }, setup, 'es'));
    for (const part of [
      'Factura',
      'INV-0007',
      'Saldo pendiente',
      'Estado Vencida',
      'Emitida 2 nov 2026',
      'Vence 16 nov 2026',
      'Por Orden de trabajo #31',
      'FACTURAR A',
      'Depósito',
      'Descripción Importe',
      'Pagado',
      'Pagos recibidos',
      'Cheque · Ref. 1042',
      'Reembolso',
      'Cómo pagar',
      'Página 1 de 1',
    ]) {
      expect(text).toContain(part);
    }
    for (const english of ['Invoice', 'Balance', 'Status', 'Issued', 'Paid', 'Payments', 'Check', 'Refund', 'How to pay', 'Page'])
      expect(text).not.toContain(english);
  });

  it('flows many lines onto further pages with the table head repeated', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ description: `Stage ${i + 1} of the job`, amount: '10.00' }));
    const doc = renderInvoicePdf(jsPDF, { ...invoice, lines }, setup, 'en');
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    const { pages } = await readPdfText(new Uint8Array(doc.output('arraybuffer')));
    expect(pages.join('\n')).toContain('Stage 60 of the job');
    for (const page of pages.slice(1)) expect(page.replace(/[ \t]+/g, ' ')).toContain('INV-0007 · Invoice');
  });
});
