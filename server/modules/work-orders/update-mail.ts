import type { Locale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { visitCalendar } from '../../platform/mail/ics';
import { queueUpdateMail, updateRecipient, type UpdateMailDeps as PolicyDeps, type UpdateRecipient } from '../profile/update-mail-policy';
import { customerOrderUrl, workOrderTemplates, type OrderMailContext, type VisitWindow } from './mail';

/**
 * Update e-mails to the customer about their order (office-spec section 5), queued in the outbox in
 * the transaction that made the change, to whom and how every update e-mail goes
 * (modules/profile/update-mail-policy.ts).
 */
export interface UpdateMailDeps extends PolicyDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

export interface MailOrder {
  id: number;
  email: string;
  description: string;
  address: string;
}

function contextFor(deps: UpdateMailDeps, recipient: UpdateRecipient, order: MailOrder): OrderMailContext {
  const { appUrl, company } = deps.config;
  return {
    companyName: company.name,
    orderId: order.id,
    description: order.description,
    address: order.address,
    orderUrl: customerOrderUrl(appUrl, order.id),
    optOutUrl: recipient.optOutUrl,
    timeZone: company.timeZone,
  };
}

/** The calendar event of an order: one UID per order, so a new SEQUENCE updates the same event. */
function calendarUid(appUrl: string, orderId: number) {
  return `work-order-${orderId}@${new URL(appUrl).hostname}`;
}

function calendarFile(deps: UpdateMailDeps, locale: Locale, c: OrderMailContext, window: VisitWindow, sequence: number, cancelled = false) {
  const words = workOrderTemplates.calendar(locale, c);
  const content = visitCalendar({
    uid: calendarUid(deps.config.appUrl, c.orderId),
    sequence,
    start: window.start,
    end: window.end,
    summary: words.summary,
    location: c.address,
    description: words.description,
    url: c.orderUrl,
    cancelled,
    companyName: c.companyName,
    organizerEmail: deps.config.company.email,
  });
  const method = cancelled ? 'CANCEL' : 'PUBLISH';
  return { filename: `work-order-${c.orderId}.ics`, contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}

/** The calendar event's SEQUENCE: every schedule or status change counts, so each e-mailed version outranks the last. */
export async function calendarSequence(db: Db, id: number): Promise<number> {
  const { n } = await db
    .selectFrom('work_order_events')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('work_order_id', '=', id)
    .where('kind', 'in', ['schedule', 'status'])
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Status changed. When the visit will not happen (the order cancelled, or completed before the visit),
 * the e-mail carries the calendar file that cancels it (same UID, next SEQUENCE). Answers whether one was queued.
 */
export async function queueStatusMail(
  db: Db,
  deps: UpdateMailDeps,
  order: MailOrder,
  change: { status: string; reason: string | null; cancelledVisit?: { window: VisitWindow; sequence: number } | undefined },
): Promise<boolean> {
  const recipient = await updateRecipient(db, deps, order.email);
  if (!recipient) return false;
  const c = contextFor(deps, recipient, order);
  const rendered = workOrderTemplates.statusChanged(recipient.locale, c, change.status, change.reason);
  const visit = change.cancelledVisit;
  await queueUpdateMail(db, recipient, {
    kind: 'work-order-status',
    ...rendered,
    attachments: visit ? [calendarFile(deps, recipient.locale, c, visit.window, visit.sequence, true)] : undefined,
  });
  return true;
}

/** Scheduled or rescheduled, with the .ics (SEQUENCE grows with every change, so calendars replace the event). */
export async function queueScheduleMail(
  db: Db,
  deps: UpdateMailDeps,
  order: MailOrder,
  visit: { window: VisitWindow; sequence: number; rescheduled: boolean },
): Promise<boolean> {
  const recipient = await updateRecipient(db, deps, order.email);
  if (!recipient) return false;
  const c = contextFor(deps, recipient, order);
  await queueUpdateMail(db, recipient, {
    kind: 'work-order-scheduled',
    ...workOrderTemplates.scheduled(recipient.locale, c, visit.window, visit.rescheduled),
    attachments: [calendarFile(deps, recipient.locale, c, visit.window, visit.sequence)],
  });
  return true;
}

/** A note the office made visible to the customer. */
export async function queueNoteMail(db: Db, deps: UpdateMailDeps, order: MailOrder, note: string): Promise<boolean> {
  const recipient = await updateRecipient(db, deps, order.email);
  if (!recipient) return false;
  const c = contextFor(deps, recipient, order);
  await queueUpdateMail(db, recipient, { kind: 'work-order-note', ...workOrderTemplates.noteAdded(recipient.locale, c, note) });
  return true;
}

/**
 * The customer cancelled an order that had a visit: their calendar still holds it, so they get the
 * calendar file that cancels it (same UID, next SEQUENCE, STATUS:CANCELLED), as after the office's
 * cancel. recipient was read beforehand as the server (updateRecipient); db is the customer's scope.
 */
export async function queueCustomerCancelMail(
  db: Db,
  deps: UpdateMailDeps,
  recipient: UpdateRecipient | undefined,
  order: MailOrder,
  window: VisitWindow,
): Promise<boolean> {
  if (!recipient) return false;
  const c = contextFor(deps, recipient, order);
  const sequence = await calendarSequence(db, order.id);
  await queueUpdateMail(db, recipient, {
    kind: 'work-order-status',
    ...workOrderTemplates.cancelledByCustomer(recipient.locale, c, window),
    attachments: [calendarFile(deps, recipient.locale, c, window, sequence, true)],
  });
  return true;
}
