import type { OfficeInvoice, OfficeInvoiceRow } from '../../../../contracts/office/invoices';

/** Invoices as the office API answers them, for the screens' tests. */
export const invoiceRow = (patch: Partial<OfficeInvoiceRow> = {}): OfficeInvoiceRow => ({
  id: 7,
  number: 'INV-0007',
  kind: 'progress',
  status: 'Sent',
  overdue: false,
  customer: { id: 3, name: 'Ana Ruiz', email: 'ana@example.com' },
  quoteId: 42,
  workOrderId: 31,
  issuedAt: '2026-11-02T15:00:00.000Z',
  dueDate: '2026-11-16',
  total: '1000.00',
  balanceDue: '1000.00',
  createdAt: '2026-11-02T14:00:00.000Z',
  ...patch,
});

export const officeInvoice = (patch: Partial<OfficeInvoice> = {}): OfficeInvoice => ({
  id: 7,
  number: 'INV-0007',
  kind: 'progress',
  status: 'Sent',
  overdue: false,
  quoteId: 42,
  workOrderId: 31,
  issuedAt: '2026-11-02T15:00:00.000Z',
  dueDate: '2026-11-16',
  subtotal: '1000.00',
  tax: '0.00',
  total: '1000.00',
  amountPaid: '0.00',
  balanceDue: '1000.00',
  voidReason: null,
  lines: [{ position: 1, description: 'Framing complete', amount: '1000.00' }],
  payments: [],
  customer: { id: 3, name: 'Ana Ruiz', email: 'ana@example.com' },
  createdAt: '2026-11-02T14:00:00.000Z',
  createdBy: 'sam@company.example',
  remindersSent: 0,
  ...patch,
});
