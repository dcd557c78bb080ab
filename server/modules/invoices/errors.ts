import { WrongStateError } from '../../../domain/errors';

/** The refusals on invoices and payments (409), each saying what to do instead. The apps' texts are theirs, by code. */
export const quoteNotApproved = () =>
  new WrongStateError('quote_not_approved', 'Only a work order made from an approved quote can be invoiced.');
export const nothingToInvoice = () =>
  new WrongStateError('nothing_to_invoice', 'Every cent of the contract total is invoiced already: nothing remains for this invoice.');
export const overInvoiced = () =>
  new WrongStateError('over_invoiced', 'This invoice would make the invoiced sum exceed the contract total.');
export const invoiceIssued = () =>
  new WrongStateError('invoice_issued', 'This invoice was sent: it can no longer change. Void it with a reason instead.');
export const invoiceNotDraft = () => new WrongStateError('invoice_not_draft', 'This invoice was sent already.');
export const invoiceVoid = () => new WrongStateError('invoice_void', 'This invoice is void.');
export const invoiceHasPayments = () =>
  new WrongStateError('invoice_has_payments', 'This invoice has payments: record their refunds before voiding it.');
export const invoiceNotPayable = () =>
  new WrongStateError('invoice_not_payable', 'This invoice takes no payment (it is a draft, paid or void).');
export const paymentAboveBalance = () =>
  new WrongStateError('payment_above_balance', 'This payment is more than the balance due on the invoice.');
export const refundNotAPayment = () => new WrongStateError('refund_not_a_payment', 'A refund gives back a payment of this invoice.');
export const refundAbovePayment = () =>
  new WrongStateError('refund_above_payment', 'This refund is more than what is left of the payment it gives back.');

const byHint: Record<string, () => WrongStateError> = {
  over_invoiced: overInvoiced,
  quote_not_approved: quoteNotApproved,
  invoice_issued: invoiceIssued,
  invoice_frozen: invoiceIssued,
  invoice_void: invoiceVoid,
  invoice_has_payments: invoiceHasPayments,
  invoice_not_payable: invoiceNotPayable,
  payment_above_balance: paymentAboveBalance,
  refund_not_a_payment: refundNotAPayment,
  refund_above_payment: refundAbovePayment,
};

/** The database's refusal (invoices.sql) by its HINT, as the domain error it means; anything else is not ours. */
export function refusalOf(err: unknown): WrongStateError | undefined {
  const hint = (err as { hint?: string } | null)?.hint ?? '';
  return byHint[hint]?.();
}

/** Runs a write; a refusal of invoices.sql comes back as its domain error, anything else as it was. */
export async function orRefusal<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw refusalOf(err) ?? err;
  }
}
