import type { ChangeWorkOrderStatus, OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { assertStaffTransition } from '../../../domain/work-orders/transitions';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { lockOrder, visitOf } from './repository';
import { calendarSequence, queueStatusMail, type UpdateMailDeps } from './update-mail';

/** What an office action on an order answers: the order as the office screen shows it, and whether it queued an e-mail. */
export interface OfficeOrderChange {
  order: OfficeWorkOrder;
  mailed: boolean;
}

/**
 * Staff change an order's status (office-spec section 4), in the caller's transaction in the
 * office's database scope (the triggers name the actor in the timeline): the change, its audit_log
 * row with before and after, and the customer's e-mail in the outbox, all kept or none.
 */
export async function changeWorkOrderStatus(
  db: Db,
  meta: RequestMeta,
  { id, ...change }: ChangeWorkOrderStatus & { id: number },
  deps: UpdateMailDeps,
): Promise<OfficeOrderChange> {
  const before = await lockOrder(db, id);
  assertStaffTransition(before.status, change.status, change.from);
  const reason = change.status === 'Cancelled' ? (change.reason ?? null) : null;
  await db
    .updateTable('work_orders')
    .set(change.status === 'Cancelled' ? { status: change.status, cancel_reason: reason } : { status: change.status })
    .where('id', '=', id)
    .execute();
  await audit(db, {
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
  const visitCalledOff = window && (change.status === 'Cancelled' || (change.status === 'Complete' && window.start > new Date()));
  const mailed = await queueStatusMail(db, deps, before, {
    status: change.status,
    reason,
    cancelledVisit: visitCalledOff ? { window, sequence: await calendarSequence(db, id) } : undefined,
  });
  return { mailed, order: await getOfficeWorkOrderById(db, id, deps.config.company.timeZone) };
}
