import { quoteStatuses } from '../../../domain/quotes/statuses';
import { workOrderStatuses } from '../../../domain/work-orders';

/**
 * One look per status (issue 14.2), the same on every screen of both apps: each status of a domain
 * has its own tone (colour pair in base.css, `.badge.<tone>`), and the badge always carries the
 * status in words, so colour is never the only signal.
 *
 * Why these: the Work Orders screen's colours of the portal spec are kept as they are (Pending grey,
 * In Progress yellow, Complete green, Cancelled red), the same on the dashboard. The Quotes screen's
 * rule of the portal spec ("green badge if Approved, yellow otherwise") holds for every status the
 * portal spec knew (Sent, Pending, a free-text status put in with SQL); the statuses the quote loop
 * adds get their own tones. Yellow is "waiting on someone": a Sent quote waits for the customer. A revision the
 * office is preparing is blue; Declined is red like Cancelled; Expired is an outlined, faded badge
 * (over, but not refused); Draft (office only) is dark slate.
 */
export type StatusTone = 'green' | 'yellow' | 'red' | 'grey' | 'blue' | 'slate' | 'outline';
export type StatusDomain = 'quote' | 'workOrder' | 'invoice';

export const quoteStatusTones = {
  Draft: 'slate',
  Sent: 'yellow',
  'Revision Requested': 'blue',
  Approved: 'green',
  Declined: 'red',
  Expired: 'outline',
} as const satisfies Record<(typeof quoteStatuses)[number], StatusTone>;

/** Statuses older quotes carry (put in with plain SQL before the quote loop): Pending yellow as the portal spec says, Rejected as Declined. */
export const legacyQuoteStatusTones = { Pending: 'yellow', Rejected: 'red' } as const satisfies Record<string, StatusTone>;

export const workOrderStatusTones = {
  Pending: 'grey',
  'In Progress': 'yellow',
  Complete: 'green',
  Cancelled: 'red',
} as const satisfies Record<(typeof workOrderStatuses)[number], StatusTone>;

/**
 * Invoices (contract-spec §3): a Draft is dark slate as a quote's; Sent waits on the customer (yellow);
 * Partially Paid is blue (money came, some is still due); Paid green; Void outlined (over, kept on record);
 * Overdue, shown for a Sent or Partially Paid invoice past its due day, red.
 */
export const invoiceStatusTones = {
  Draft: 'slate',
  Sent: 'yellow',
  'Partially Paid': 'blue',
  Paid: 'green',
  Void: 'outline',
  Overdue: 'red',
} as const satisfies Record<string, StatusTone>;

const quoteTones: Record<string, StatusTone> = { ...quoteStatusTones, ...legacyQuoteStatusTones };
const tones: Record<StatusDomain | 'any', Record<string, StatusTone>> = {
  quote: quoteTones,
  workOrder: workOrderStatusTones,
  invoice: invoiceStatusTones,
  any: { ...quoteTones, ...workOrderStatusTones },
};
/** A status the portal does not know (free text put in with SQL): yellow for a quote, grey for a work order (portal spec). */
const unknownTone: Record<StatusDomain | 'any', StatusTone> = { quote: 'yellow', workOrder: 'grey', invoice: 'grey', any: 'grey' };

/** The tone of a status (of a domain, or of either, where a work order's tone wins for Pending). */
export const statusTone = (domain: StatusDomain | undefined, status: string): StatusTone => {
  const key = domain ?? 'any';
  const map = tones[key];
  return Object.hasOwn(map, status) ? map[status]! : unknownTone[key];
};
