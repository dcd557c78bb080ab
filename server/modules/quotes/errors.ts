import { WrongStateError } from '../../../domain/errors';

/** The office's refusals on a quote (409), each saying what to do instead. */
export const quoteIsApproved = () => new WrongStateError('quote_approved', 'This quote is approved and can no longer change.');
export const noDraft = () => new WrongStateError('no_draft', 'This quote has no draft version. Start a new version first.');
export const draftExists = (version: number) =>
  new WrongStateError('draft_exists', `Version ${version} is already being written. Save or send it first.`);
export const nothingToSend = () => new WrongStateError('empty_quote', 'Add at least one line before sending.');
export const noValidUntil = () =>
  new WrongStateError('valid_until_needed', 'Set a valid-until date that is not in the past before sending.');
