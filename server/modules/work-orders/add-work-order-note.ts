import type { AddWorkOrderNote } from '../../../contracts/office/work-orders';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { audit } from '../../platform/audit';
import type { OfficeOrderChange } from './change-work-order-status';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { lockOrder } from './repository';
import { queueNoteMail, type UpdateMailDeps } from './update-mail';

/**
 * Staff add a note to an order's timeline, in the caller's transaction in the office's scope: the
 * note, its audit_log row, and (when the customer may see it) the customer's e-mail.
 */
export async function addWorkOrderNote(
  db: Db,
  meta: RequestMeta,
  { id, ...note }: AddWorkOrderNote & { id: number },
  deps: UpdateMailDeps,
): Promise<OfficeOrderChange> {
  const order = await lockOrder(db, id);
  const event = await db
    .insertInto('work_order_events')
    .values({ work_order_id: id, actor_email: meta.actor, kind: 'note', body: note.body, visible_to_customer: note.visibleToCustomer })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(db, {
    actor: meta.actor,
    action: 'note',
    entity: 'work_order',
    entityId: id,
    after: { eventId: Number(event.id), visibleToCustomer: note.visibleToCustomer, body: note.body },
    ip: meta.ip,
  });
  const mailed = note.visibleToCustomer ? await queueNoteMail(db, deps, order, note.body) : false;
  return { mailed, order: await getOfficeWorkOrderById(db, id, deps.config.company.timeZone) };
}
