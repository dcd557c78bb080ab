import { WrongStateError } from '../../../domain/errors';

/** The refusals on a change order (409), each saying what to do instead. The customer's texts are the app's, by code. */
export const quoteNotApproved = () =>
  new WrongStateError('quote_not_approved', 'Only an approved quote (or a work order made from one) can have change orders.');
export const noSignedVersion = () =>
  new WrongStateError(
    'no_signed_version',
    'This quote has no signed version with lines (it was put in by hand): it cannot be changed line by line.',
  );
export const changeOrderSent = () => new WrongStateError('change_order_sent', 'This change order was sent and can no longer change.');
export const changeOrderEmpty = () => new WrongStateError('change_order_empty', 'Change at least one line, or add days, before sending.');
export const answerByNeeded = () =>
  new WrongStateError('answer_by_needed', "Set an 'Answer by' date that is not in the past before sending.");
export const changeOrderDecided = () => new WrongStateError('change_order_decided', 'This change order was already answered.');
export const changeOrderExpired = () =>
  new WrongStateError('change_order_expired', 'This change order has expired. Ask the office for a new date.');
export const contractChanged = () =>
  new WrongStateError(
    'contract_changed',
    'Another change to this contract was approved after this change order was written. Please review the contract as it is now.',
  );

/** The database's refusal (change-orders.sql) by its HINT, as the domain error it means; anything else is not ours. */
export function refusalOf(err: unknown): WrongStateError | undefined {
  const hint = (err as { hint?: string } | null)?.hint ?? '';
  const message = err instanceof Error ? err.message : '';
  if (hint === 'change_order_expired' || / expired on /.test(message)) return changeOrderExpired();
  if (hint === 'contract_changed' || /contract of quote \d+ changed/.test(message)) return contractChanged();
  if (hint === 'change_order_decided') return changeOrderDecided();
  return undefined;
}
