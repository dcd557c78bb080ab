import type { TFunction } from 'i18next';
import type { OfficeInvoice, OfficeInvoiceRow } from '../../../../contracts/office/invoices';
import { formatCents, parseCents } from '../../../../domain/money';
import type { InvoicePdfInput } from '../../../shared/pdf';

type Payment = OfficeInvoice['payments'][number];

/** The longest void reason the server takes (contracts/office/invoices.ts: voidInvoiceSchema). */
export const VOID_REASON_MAX = 1000;

/** The badge's status: 'Overdue' for an open invoice past its due day (the server says which), else the stored one. */
export const shownStatus = (invoice: Pick<OfficeInvoiceRow, 'status' | 'overdue'>): string =>
  invoice.overdue ? 'Overdue' : invoice.status;

/** The invoice's name: its number once sent; a draft has none yet (numbers are given on sending, so they have no gaps). */
export const invoiceName = (t: TFunction, invoice: Pick<OfficeInvoiceRow, 'id' | 'number'>): string =>
  invoice.number ?? t('invoices:draftName', { id: invoice.id });

export const isRefund = (payment: Pick<Payment, 'refundedPaymentId'>): boolean => payment.refundedPaymentId !== null;

/** Each payment received with what is left of it to refund (its amount less its refunds), those with something left. */
export function refundablePayments(payments: readonly Payment[]): { payment: Payment; left: string }[] {
  return payments
    .filter((p) => !isRefund(p))
    .map((payment) => {
      const refunded = payments.filter((r) => r.refundedPaymentId === payment.id).reduce((sum, r) => sum + parseCents(r.amount), 0n);
      return { payment, left: formatCents(parseCents(payment.amount) - refunded) };
    })
    .filter(({ left }) => parseCents(left) > 0n);
}

/**
 * What the office may do now (the server has the last word): a draft is sent; an issued invoice
 * with a balance takes payments; one with money paid can refund it; void needs nothing paid (refund first).
 */
export function invoiceActions(invoice: Pick<OfficeInvoice, 'status' | 'balanceDue' | 'amountPaid' | 'payments'>) {
  const open = invoice.status === 'Sent' || invoice.status === 'Partially Paid';
  return {
    send: invoice.status === 'Draft',
    payment: open && parseCents(invoice.balanceDue) > 0n,
    refund: invoice.status !== 'Draft' && refundablePayments(invoice.payments).length > 0,
    void: open && parseCents(invoice.amountPaid) === 0n,
  };
}

/** The invoice as the shared PDF builder takes it (web/shared/pdf/invoice-document.ts). */
export function invoicePdfInput(invoice: OfficeInvoice, draftName: string): InvoicePdfInput {
  return {
    number: invoice.number ?? draftName,
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
      refund: isRefund(p),
    })),
  };
}
