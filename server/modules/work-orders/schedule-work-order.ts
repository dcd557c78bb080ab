import type { ScheduleWorkOrder } from '../../../contracts/office/work-orders';
import { InvalidInputError, WrongStateError } from '../../../domain/errors';
import { isCancellable } from '../../../domain/work-orders';
import { checkWindow } from '../../../domain/work-orders/schedule';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import type { OfficeOrderChange } from './change-work-order-status';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { lockOrder, visitOf } from './repository';
import { officeScheduleView } from './schedule-view';
import { calendarSequence, queueScheduleMail, type UpdateMailDeps } from './update-mail';

/**
 * Staff set (or move) an order's visit window, in the caller's transaction in the office's scope:
 * the window, its audit_log row, and the customer's e-mail with the calendar file. The same window
 * again changes nothing and e-mails nobody.
 */
export async function scheduleWorkOrder(
  db: Db,
  meta: RequestMeta,
  { id, ...window }: ScheduleWorkOrder & { id: number },
  deps: UpdateMailDeps,
): Promise<OfficeOrderChange> {
  const timeZone = deps.config.company.timeZone;
  const check = checkWindow(window, timeZone, new Date());
  if (!check.ok) throw new InvalidInputError(check.code, check.message);
  const before = await lockOrder(db, id);
  if (!isCancellable(before.status)) {
    throw new WrongStateError('not_schedulable', `A work order that is ${before.status} cannot be scheduled.`);
  }
  const previous = visitOf(before);
  const unchanged =
    previous?.date === window.date && previous.start.getTime() === check.start.getTime() && previous.end.getTime() === check.end.getTime();
  // The same window again (a double click, a second tab) changes nothing and e-mails nobody.
  if (unchanged) return { mailed: false, order: await getOfficeWorkOrderById(db, id, timeZone) };
  await db
    .updateTable('work_orders')
    .set({ scheduled_date: window.date, arrival_start: check.start, arrival_end: check.end })
    .where('id', '=', id)
    .execute();
  await audit(db, {
    actor: meta.actor,
    action: 'schedule',
    entity: 'work_order',
    entityId: id,
    before: previous ? { schedule: officeScheduleView(before, timeZone) } : { schedule: null },
    after: { schedule: { ...window, timeZone, start: check.start.toISOString(), end: check.end.toISOString() } },
    ip: meta.ip,
  });
  const mailed = await queueScheduleMail(db, deps, before, {
    window: { date: window.date, start: check.start, end: check.end },
    sequence: await calendarSequence(db, id),
    rescheduled: previous !== undefined,
  });
  return { mailed, order: await getOfficeWorkOrderById(db, id, timeZone) };
}
