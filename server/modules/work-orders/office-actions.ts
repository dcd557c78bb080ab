import { sql, type Kysely } from 'kysely';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { AddWorkOrderNote, ChangeWorkOrderStatus, OfficeWorkOrder, ScheduleWorkOrder } from '../../../contracts/office/work-orders';
import { InvalidInputError, NotFoundError, WrongStateError } from '../../../domain/errors';
import { isCancellable } from '../../../domain/work-orders';
import { checkWindow } from '../../../domain/work-orders/schedule';
import { assertStaffTransition } from '../../../domain/work-orders/transitions';
import type { Db } from '../../platform/db/customer-scope';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { audit } from '../../platform/audit';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { officeScheduleView } from './schedule-view';
import { calendarSequence, queueNoteMail, queueScheduleMail, queueStatusMail, type UpdateMailDeps } from './update-mail';

/**
 * What staff do to an order (office-spec section 4), each in one transaction in the office's
 * database scope (the triggers name the actor in the timeline): the change, its audit_log row with
 * before and after, and the customer's e-mail in the outbox, all kept or none. Each answers the
 * order as the office screen shows it.
 */
export interface OfficeActionDeps extends UpdateMailDeps {
  db: Kysely<Database>;
  onMailQueued: () => void;
  now?: () => Date;
}

/** The order, locked until the transaction ends, so two staff changing it at once take turns. */
async function lockOrder(db: Db, id: number) {
  const row = await db
    .selectFrom('work_orders')
    .select([
      'id',
      'email',
      'description',
      'address',
      'status',
      'cancel_reason',
      sql<string | null>`to_char(scheduled_date, 'YYYY-MM-DD')`.as('scheduled_date'),
      'arrival_start',
      'arrival_end',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new NotFoundError('Work order not found.');
  return { ...row, id: Number(row.id) };
}
type LockedOrder = Awaited<ReturnType<typeof lockOrder>>;

const visitOf = (order: LockedOrder) =>
  order.scheduled_date && order.arrival_start && order.arrival_end
    ? { date: order.scheduled_date, start: new Date(order.arrival_start), end: new Date(order.arrival_end) }
    : undefined;

/** Runs one action in the office's scope; once it is committed, the mail worker is nudged if it queued an e-mail. */
async function inOfficeScope(
  deps: OfficeActionDeps,
  meta: RequestMeta,
  work: (trx: Db) => Promise<{ mailed: boolean; order: OfficeWorkOrder }>,
): Promise<OfficeWorkOrder> {
  const { mailed, order } = await withOfficeScope(deps.db, meta.actor, work);
  if (mailed) deps.onMailQueued();
  return order;
}

export async function changeStatus(
  deps: OfficeActionDeps,
  meta: RequestMeta,
  id: number,
  change: ChangeWorkOrderStatus,
): Promise<OfficeWorkOrder> {
  const timeZone = deps.config.company.timeZone;
  const now = () => deps.now?.() ?? new Date();
  return inOfficeScope(deps, meta, async (trx) => {
    const before = await lockOrder(trx, id);
    assertStaffTransition(before.status, change.status, change.from);
    const reason = change.status === 'Cancelled' ? (change.reason ?? null) : null;
    await trx
      .updateTable('work_orders')
      .set(change.status === 'Cancelled' ? { status: change.status, cancel_reason: reason } : { status: change.status })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actor: meta.actor,
      action: 'status',
      entity: 'work_order',
      entityId: id,
      before: { status: before.status },
      after: { status: change.status, ...(reason ? { cancelReason: reason } : {}) },
      ip: meta.ip,
    });
    // A visit still ahead will not happen once the order is cancelled or completed early: its calendar event is cancelled.
    const window = visitOf(before);
    const visitCalledOff = window && (change.status === 'Cancelled' || (change.status === 'Complete' && window.start > now()));
    const mailed = await queueStatusMail(trx, deps, before, {
      status: change.status,
      reason,
      cancelledVisit: visitCalledOff ? { window, sequence: await calendarSequence(trx, id) } : undefined,
    });
    return { mailed, order: await getOfficeWorkOrderById(trx, id, timeZone) };
  });
}

export async function schedule(deps: OfficeActionDeps, meta: RequestMeta, id: number, window: ScheduleWorkOrder): Promise<OfficeWorkOrder> {
  const timeZone = deps.config.company.timeZone;
  const check = checkWindow(window, timeZone, deps.now?.() ?? new Date());
  if (!check.ok) throw new InvalidInputError(check.code, check.message);
  return inOfficeScope(deps, meta, async (trx) => {
    const before = await lockOrder(trx, id);
    if (!isCancellable(before.status)) {
      throw new WrongStateError('not_schedulable', `A work order that is ${before.status} cannot be scheduled.`);
    }
    const previous = visitOf(before);
    const unchanged =
      previous?.date === window.date &&
      previous.start.getTime() === check.start.getTime() &&
      previous.end.getTime() === check.end.getTime();
    // The same window again (a double click, a second tab) changes nothing and e-mails nobody.
    if (unchanged) return { mailed: false, order: await getOfficeWorkOrderById(trx, id, timeZone) };
    await trx
      .updateTable('work_orders')
      .set({ scheduled_date: window.date, arrival_start: check.start, arrival_end: check.end })
      .where('id', '=', id)
      .execute();
    await audit(trx, {
      actor: meta.actor,
      action: 'schedule',
      entity: 'work_order',
      entityId: id,
      before: previous ? { schedule: officeScheduleView(before, timeZone) } : { schedule: null },
      after: { schedule: { ...window, timeZone, start: check.start.toISOString(), end: check.end.toISOString() } },
      ip: meta.ip,
    });
    const mailed = await queueScheduleMail(trx, deps, before, {
      window: { date: window.date, start: check.start, end: check.end },
      sequence: await calendarSequence(trx, id),
      rescheduled: previous !== undefined,
    });
    return { mailed, order: await getOfficeWorkOrderById(trx, id, timeZone) };
  });
}

export async function addNote(deps: OfficeActionDeps, meta: RequestMeta, id: number, note: AddWorkOrderNote): Promise<OfficeWorkOrder> {
  const timeZone = deps.config.company.timeZone;
  return inOfficeScope(deps, meta, async (trx) => {
    const order = await lockOrder(trx, id);
    const event = await trx
      .insertInto('work_order_events')
      .values({ work_order_id: id, actor_email: meta.actor, kind: 'note', body: note.body, visible_to_customer: note.visibleToCustomer })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor: meta.actor,
      action: 'note',
      entity: 'work_order',
      entityId: id,
      after: { eventId: Number(event.id), visibleToCustomer: note.visibleToCustomer, body: note.body },
      ip: meta.ip,
    });
    const mailed = note.visibleToCustomer ? await queueNoteMail(trx, deps, order, note.body) : false;
    return { mailed, order: await getOfficeWorkOrderById(trx, id, timeZone) };
  });
}
