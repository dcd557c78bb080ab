import { WrongStateError } from '../errors';

/** The quote statuses of the office spec (exact strings in quotes.status). */
export const quoteStatuses = ['Draft', 'Sent', 'Revision Requested', 'Approved', 'Declined', 'Expired'] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

/**
 * Where each status may go. Sending a new version moves a quote to Sent again from anything but
 * Approved (an approved quote is frozen); a declined quote may get a new version too, as a
 * contractor answers "too expensive" with a cheaper one. The customer acts only on a Sent quote;
 * a revision request is also taken for an Expired one ("Request a revision for an updated quote").
 */
export const quoteTransitions: Record<QuoteStatus, readonly QuoteStatus[]> = {
  Draft: ['Sent'],
  Sent: ['Sent', 'Revision Requested', 'Approved', 'Declined', 'Expired'],
  'Revision Requested': ['Sent'],
  Expired: ['Sent', 'Revision Requested'],
  Declined: ['Sent'],
  Approved: [],
};

export const isQuoteStatus = (status: string): status is QuoteStatus => (quoteStatuses as readonly string[]).includes(status);

/**
 * Whether a quote in `from` may move to `to`. A status the spec does not know (a quote put in with
 * SQL, e.g. 'Pending') may only be sent: the office turning it into a written quote.
 */
export function canMove(from: string, to: QuoteStatus): boolean {
  if (!isQuoteStatus(from)) return to === 'Sent';
  return quoteTransitions[from].includes(to);
}

/** What a customer does to a quote: approve, decline, ask for a revision. */
export const customerDecisions = ['Approved', 'Declined', 'Revision Requested'] as const satisfies readonly QuoteStatus[];

/**
 * Whether a customer may move a quote from `from` to `to`: one of their decisions, where the quote
 * may go (a Sent quote, or an Expired one for a revision request). The database enforces the same
 * for the role portal_customer (quote_document_guard, server/platform/db/sql/quote-freeze.sql).
 */
export function customerMayMove(from: string, to: string): boolean {
  if (from === to) return true; // not a move
  return (customerDecisions as readonly string[]).includes(to) && canMove(from, to as QuoteStatus);
}

/** Statuses from which a revision request moves the quote to 'Revision Requested'. */
export const revisableStatuses = quoteStatuses.filter((s) => canMove(s, 'Revision Requested'));

/**
 * An approved quote never changes again: no new version, no edit of any version (the database's
 * quote_version_guard and quote_line_guard hold the same, quote-freeze.sql).
 */
export const isFrozenQuote = (status: string): boolean => status === 'Approved';

/**
 * What the customer sees: a Sent quote past its valid-until day is Expired, whether or not the
 * periodic job has written that status yet. Dates are YYYY-MM-DD in the company's time zone. SQL
 * queries use the same rule as quote_listed_status (server/platform/db/sql/quote-expiry.sql).
 */
export function effectiveStatus(status: string, validUntil: string | null, today: string): string {
  return status === 'Sent' && validUntil !== null && validUntil < today ? 'Expired' : status;
}

export const QUOTE_CHANGED_MESSAGE = 'This quote has changed. Please review the new version.';
export const QUOTE_EXPIRED_MESSAGE = 'This quote has expired. Request a revision for an updated quote.';

/** Approve/decline of a version that is not the current one, or of a quote that is no longer Sent. */
export const quoteChanged = () => new WrongStateError('quote_changed', QUOTE_CHANGED_MESSAGE);
/** Approve/decline after valid-until. */
export const quoteExpired = () => new WrongStateError('quote_expired', QUOTE_EXPIRED_MESSAGE);
