import { divideRounded, formatCents, parseCents, toUnits } from '../money';

/**
 * The invoices' arithmetic (contract-spec §3), in cents, rounded half away from zero like PostgreSQL's
 * round(): the database holds the same rules (server/platform/db/sql/invoices.sql), and
 * server/modules/invoices/invoices-parity.api.test.ts runs both on random cases.
 */

/** A deposit: round(total × percent / 100, 2) of the signed total (invoice_deposit_amount). */
export const depositAmount = (signedTotal: string, percent: number): string =>
  formatCents(divideRounded(parseCents(signedTotal) * BigInt(percent), 100n));

/** A progress invoice of a percentage (up to 2 decimals) of the contract total: round(total × p / 100, 2). */
export const percentOfContract = (contractTotal: string, percent: string): string =>
  formatCents(divideRounded(parseCents(contractTotal) * toUnits(percent, 2), 10_000n));

/**
 * An amount drawn from a contract whose figures include tax at `taxRate` % (3 decimals): its subtotal
 * round(amount × 100 / (100 + rate), 2) and the tax, the rest (invoice_tax_part).
 */
export function splitTax(amount: string, taxRate: string): { subtotal: string; tax: string; total: string } {
  const cents = parseCents(amount);
  const subtotal = divideRounded(cents * 100_000n, 100_000n + toUnits(taxRate, 3));
  return { subtotal: formatCents(subtotal), tax: formatCents(cents - subtotal), total: formatCents(cents) };
}

export interface PaymentRow {
  amount: string;
  /** Set on a refund: the payment it gives money back from. */
  refundedPaymentId: number | null;
}

/** What was paid: payments received minus refunds (invoice_amount_paid). */
export const amountPaid = (payments: readonly PaymentRow[]): string =>
  formatCents(payments.reduce((sum, p) => sum + (p.refundedPaymentId === null ? parseCents(p.amount) : -parseCents(p.amount)), 0n));

/** total − payments + refunds; 0 for a void invoice. */
export const balanceDue = (total: string, paid: string, status: string): string =>
  status === 'Void' || status === 'Draft' ? '0.00' : formatCents(parseCents(total) - parseCents(paid));

/** The status an issued invoice has for what was paid on it (invoice_paid_status). */
export function paidStatus(total: string, paid: string): 'Sent' | 'Partially Paid' | 'Paid' {
  const t = parseCents(total);
  const p = parseCents(paid);
  return p >= t ? 'Paid' : p > 0n ? 'Partially Paid' : 'Sent';
}

/** 'Overdue' is shown for a Sent or Partially Paid invoice past its due date (invoice_listed_status). */
export const isOverdue = (status: string, dueDate: string | null, today: string): boolean =>
  (status === 'Sent' || status === 'Partially Paid') && dueDate !== null && dueDate < today;

/**
 * Whether a payment of `amount` is accepted: the invoice is open and the amount is at most its balance.
 * A refund of `amount` of a payment is accepted up to what is left of that payment.
 */
export const paymentFits = (total: string, paid: string, amount: string): boolean =>
  parseCents(amount) > 0n && parseCents(amount) <= parseCents(total) - parseCents(paid);

/** The invoice number as the database writes it (invoice_number_text). */
export const invoiceNumberText = (n: number): string => `INV-${n < 10000 ? String(n).padStart(4, '0') : String(n)}`;

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, no time of day). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
