import type { CustomerInvoice } from '../../../../contracts/customer/invoices';
import type { InvoicePdfInput } from '../../../shared/pdf';

/** The invoice as the shared PDF builder takes it (web/shared/pdf/invoice-document.ts): the same figures as the page. */
export const invoicePdfInput = (invoice: CustomerInvoice): InvoicePdfInput => ({
  number: invoice.number ?? String(invoice.id),
  kind: invoice.kind,
  status: invoice.status,
  overdue: invoice.overdue,
  issuedAt: invoice.issuedAt,
  dueDate: invoice.dueDate,
  workOrderId: invoice.workOrderId,
  quoteId: invoice.quoteId,
  lines: invoice.lines,
  subtotal: invoice.subtotal,
  tax: invoice.tax,
  total: invoice.total,
  amountPaid: invoice.amountPaid,
  balance: invoice.balanceDue,
  voidReason: invoice.voidReason,
  payments: invoice.payments.map((p) => ({
    receivedAt: p.receivedAt,
    method: p.method,
    reference: p.reference,
    amount: p.amount,
    refund: p.refundedPaymentId !== null,
  })),
});
