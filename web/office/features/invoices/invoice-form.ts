import { percentOfContract } from '../../../../domain/invoices/figures';
import { formatCents, MONEY_INPUT_PATTERN, parseCents, toUnits } from '../../../../domain/money';

/** A percentage as the office types it: 0-100 with up to 2 decimals ("30", "12.5"); a '%' at the end is dropped. */
export const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;

/** "30 %" -> "30"; spaces, a trailing '%' and a decimal comma ("12,5") are forgiven. */
export const cleanPercent = (typed: string): string => typed.trim().replace(/\s*%$/, '').replace(',', '.');

/** "$1,234.50" -> "1234.50": a leading '$', spaces and thousands commas go; anything else is left for the check to refuse. */
export function cleanMoney(typed: string): string {
  const trimmed = typed.trim().replace(/^\$\s*/, '');
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replace(/,/g, '') : trimmed;
}

/** A valid percentage 0-100 (2 decimals at most), in hundredths of a percent; null otherwise. */
export function percentUnits(typed: string): bigint | null {
  const clean = cleanPercent(typed);
  if (!PERCENT_PATTERN.test(clean)) return null;
  const units = toUnits(clean, 2);
  return units <= 10_000n ? units : null;
}

/** `percent` % of `total`, the server's rule (domain/invoices/figures.ts); null while the percentage is not valid. */
export function percentOf(total: string, percent: string): string | null {
  return percentUnits(percent) === null ? null : percentOfContract(total, cleanPercent(percent));
}

/** An amount typed in dollars and cents, in cents; null while it is not one. */
export function moneyCents(typed: string): bigint | null {
  const clean = cleanMoney(typed);
  return MONEY_INPUT_PATTERN.test(clean) ? parseCents(clean) : null;
}

/** What remains to invoice of a contract: its total less every invoice that is not void (never below 0). */
export function remainingOf(contractTotal: string, invoiced: string): string {
  const left = parseCents(contractTotal) - parseCents(invoiced);
  return formatCents(left > 0n ? left : 0n);
}

export type NewInvoiceKind = 'progress' | 'final';
export type ProgressBasis = 'amount' | 'percent';

export interface NewInvoiceForm {
  kind: NewInvoiceKind;
  basis: ProgressBasis;
  amount: string;
  percent: string;
  description: string;
}

export const emptyNewInvoiceForm = (): NewInvoiceForm => ({ kind: 'progress', basis: 'amount', amount: '', percent: '', description: '' });

/** Why a new invoice cannot be asked for yet; the keys are the dialog's texts (invoices:new.errors.*). */
export type NewInvoiceProblem = 'amountInvalid' | 'percentInvalid' | 'zero' | 'overRemaining' | 'descriptionRequired' | 'nothingLeft';

/**
 * The invoice's amount as the dialog shows it before it is sent (the server decides; the database
 * refuses an invoiced sum above the contract total): a progress invoice's amount typed or a
 * percentage of the contract total, the final invoice what remains.
 */
export function newInvoiceAmount(form: NewInvoiceForm, contractTotal: string, remaining: string): string | null {
  if (form.kind === 'final') return remaining;
  if (form.basis === 'percent') return percentOf(contractTotal, form.percent);
  const cents = moneyCents(form.amount);
  return cents === null ? null : formatCents(cents);
}

/** The form's problems, first the amount's, then the description's; none: it can be sent. */
export function newInvoiceProblems(form: NewInvoiceForm, contractTotal: string, remaining: string): NewInvoiceProblem[] {
  const problems: NewInvoiceProblem[] = [];
  const left = parseCents(remaining);
  if (form.kind === 'final') {
    if (left <= 0n) problems.push('nothingLeft');
    return problems;
  }
  const amount = newInvoiceAmount(form, contractTotal, remaining);
  if (amount === null) problems.push(form.basis === 'percent' ? 'percentInvalid' : 'amountInvalid');
  else if (parseCents(amount) <= 0n) problems.push('zero');
  else if (parseCents(amount) > left) problems.push('overRemaining');
  if (!form.description.trim()) problems.push('descriptionRequired');
  return problems;
}

/** A payment or refund as the office types it: an amount above 0, a day, a method; its reference optional. */
export interface PaymentForm {
  amount: string;
  receivedOn: string;
  method: string;
  reference: string;
}

export type PaymentProblem = 'amountInvalid' | 'zero' | 'overLimit' | 'dateRequired';

/** Problems of a payment (limit: the balance) or refund (limit: what was paid and not yet refunded). */
export function paymentProblems(form: PaymentForm, limit: string): PaymentProblem[] {
  const problems: PaymentProblem[] = [];
  const cents = moneyCents(form.amount);
  if (cents === null) problems.push('amountInvalid');
  else if (cents <= 0n) problems.push('zero');
  else if (cents > parseCents(limit)) problems.push('overLimit');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.receivedOn)) problems.push('dateRequired');
  return problems;
}

/** Today's calendar day in a time zone (the company's), YYYY-MM-DD. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
