import type { NewWorkOrder, WorkOrder, WorkOrderFilter } from '../../../contracts/customer/work-orders';
import { NotFoundError } from '../../../domain/errors';
import { cancellableStatuses, notCancellable } from '../../../domain/work-orders';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { toWorkOrder, workOrderColumns } from './mappers';

/** The customer's orders, newest submitted first, optionally of one status. */
export async function listForCustomer(db: Db, email: string, filter: WorkOrderFilter): Promise<WorkOrder[]> {
  let query = db.selectFrom('work_orders').select(workOrderColumns).where(ownedBy(email));
  if (filter !== 'All') query = query.where('status', '=', filter);
  const rows = await query.orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toWorkOrder);
}

/** Stores a new order as Pending; submitted_at (and so request_date) come from the database clock. */
export async function insert(db: Db, email: string, order: NewWorkOrder): Promise<WorkOrder> {
  const row = await db
    .insertInto('work_orders')
    .values({ email, address: order.address, description: order.description, status: 'Pending' })
    .returning(workOrderColumns)
    .executeTakeFirstOrThrow();
  return toWorkOrder(row);
}

/**
 * One conditional UPDATE does the work, so two clicks (or two tabs) cannot race past the state check.
 * Only when it changes nothing do we look again, to tell "not yours" from "not cancellable".
 */
export async function cancel(db: Db, email: string, id: number): Promise<WorkOrder> {
  const row = await db
    .updateTable('work_orders')
    .set({ status: 'Cancelled' })
    .where('id', '=', id)
    .where(ownedBy(email))
    .where('status', 'in', cancellableStatuses)
    .returning(workOrderColumns)
    .executeTakeFirst();
  if (row) return toWorkOrder(row);

  const existing = await db.selectFrom('work_orders').select('status').where('id', '=', id).where(ownedBy(email)).executeTakeFirst();
  throw existing ? notCancellable(existing.status) : new NotFoundError('Work order not found.');
}
