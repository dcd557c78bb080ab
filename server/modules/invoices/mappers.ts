import type { CustomerInvoice, CustomerInvoiceRow } from '../../../contracts/customer/invoices';
import type { InvoiceView } from '../../../contracts/invoice-document';
import type { OfficeInvoice, OfficeInvoiceRow } from '../../../contracts/office/invoices';
import type { ActingPerson } from '../../../contracts/office/people';
import { balanceDue } from '../../../domain/invoices/figures';
import type { InvoiceRow, LineRow, PaymentDbRow } from './repository';

/** Rows -> the API's shapes (contracts/invoice-document.ts, contracts/{customer,office}/invoices.ts). */

const balanceOf = (row: InvoiceRow) => balanceDue(row.total, row.amount_paid, row.status);

export function invoiceView(row: InvoiceRow, lines: readonly LineRow[], payments: readonly PaymentDbRow[]): InvoiceView {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    overdue: row.overdue,
    quoteId: row.quote_id,
    workOrderId: row.work_order_id,
    issuedAt: row.issued_at,
    dueDate: row.due_date,
    subtotal: row.subtotal,
    tax: row.tax,
    total: row.total,
    amountPaid: row.amount_paid,
    balanceDue: balanceOf(row),
    voidReason: row.void_reason,
    lines: lines.map((l) => ({ position: l.position, description: l.description, amount: l.amount })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      method: p.method,
      reference: p.reference,
      receivedAt: p.received_at,
      refundedPaymentId: p.refunded_payment_id,
    })),
  };
}

const customerOf = (row: InvoiceRow) => ({ id: row.customer_id, name: row.customer_name, email: row.email });

export function officeInvoice(
  row: InvoiceRow,
  lines: readonly LineRow[],
  payments: readonly PaymentDbRow[],
  people: ReadonlyMap<string, ActingPerson> = new Map(),
): OfficeInvoice {
  const view = invoiceView(row, lines, payments);
  return {
    ...view,
    customer: customerOf(row),
    createdAt: row.created_at,
    createdBy: row.created_by,
    remindersSent: row.reminders_sent,
    payments: view.payments.map((p, i) => ({
      ...p,
      recordedBy: payments[i]!.recorded_by,
      paidBy: people.get(payments[i]!.person_id ?? '') ?? null,
    })),
  };
}

export const officeInvoiceRow = (row: InvoiceRow): OfficeInvoiceRow => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  status: row.status,
  overdue: row.overdue,
  customer: customerOf(row),
  quoteId: row.quote_id,
  workOrderId: row.work_order_id,
  issuedAt: row.issued_at,
  dueDate: row.due_date,
  total: row.total,
  balanceDue: balanceOf(row),
  createdAt: row.created_at,
});

/** A customer sees issued invoices only (row-level security too): number, issue and due dates are set. */
export const customerInvoiceRow = (row: InvoiceRow): CustomerInvoiceRow => ({
  id: row.id,
  number: row.number!,
  kind: row.kind,
  workOrderId: row.work_order_id,
  quoteId: row.quote_id,
  issuedAt: row.issued_at!,
  dueDate: row.due_date!,
  total: row.total,
  balanceDue: balanceOf(row),
  status: row.status,
  overdue: row.overdue,
});

export const customerInvoice = (row: InvoiceRow, lines: readonly LineRow[], payments: readonly PaymentDbRow[]): CustomerInvoice => ({
  ...invoiceView(row, lines, payments),
  number: row.number!,
  issuedAt: row.issued_at!,
  dueDate: row.due_date!,
});
