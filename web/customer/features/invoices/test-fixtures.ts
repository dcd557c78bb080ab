import { vi } from 'vitest';
import type { CustomerInvoice, CustomerInvoiceRow } from '../../../../contracts/customer/invoices';
import type { PublicConfig } from '../../../../contracts/public';

/** The invoices' screens' tests: the deployment's config (online payment on or off) and invoices as the API answers them. */
export const configWith = (onlinePayments: boolean): PublicConfig => ({
  company: {
    name: 'Acme Builders',
    email: 'office@acme.example',
    phones: ['(555) 010-2000', '(555) 010-2001'],
    address: '1 Way',
    logoUrl: null,
  },
  googleConfigured: false,
  requireEmailVerification: true,
  timeZone: 'America/Chicago',
  pdfPaperSize: 'letter',
  onlinePayments,
});

export const invoiceRow = (over: Partial<CustomerInvoiceRow> = {}): CustomerInvoiceRow => ({
  id: 5,
  number: 'INV-0005',
  kind: 'progress',
  workOrderId: 31,
  quoteId: 9,
  issuedAt: '2026-11-02T16:00:00.000Z',
  dueDate: '2026-11-16',
  total: '1250.00',
  balanceDue: '1250.00',
  status: 'Sent',
  overdue: false,
  ...over,
});

export const invoiceDetail = (over: Partial<CustomerInvoice> = {}): CustomerInvoice => ({
  id: 5,
  number: 'INV-0005',
  kind: 'progress',
  status: 'Partially Paid',
  overdue: false,
  quoteId: 9,
  workOrderId: 31,
  issuedAt: '2026-11-02T16:00:00.000Z',
  dueDate: '2026-11-16',
  subtotal: '1000.00',
  tax: '82.50',
  total: '1082.50',
  amountPaid: '400.00',
  balanceDue: '682.50',
  voidReason: null,
  lines: [
    { position: 1, description: 'Deck boards, second half', amount: '700.00' },
    { position: 2, description: 'Railing', amount: '300.00' },
  ],
  payments: [
    { id: 1, amount: '500.00', method: 'check', reference: 'Check 1042', receivedAt: '2026-11-05T12:00:00.000Z', refundedPaymentId: null },
    { id: 2, amount: '100.00', method: 'check', reference: null, receivedAt: '2026-11-07T12:00:00.000Z', refundedPaymentId: 1 },
  ],
  ...over,
});

export type Handler = (url: string, init: RequestInit) => { status: number; body: unknown } | 'pending';

/** A fetch stub answering JSON from `handler` ('pending': never answers). */
export function stubFetch(handler: () => Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const answer = handler()(url, init);
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
