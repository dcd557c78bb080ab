import { sql, type Selectable } from 'kysely';
import { cancellableStatuses, type NewWorkOrder, type WorkOrder, type WorkOrderFilter, type WorkOrderStatus } from '../../../contracts/customer/work-orders';
import { ownedBy, type Db } from '../../platform/db/ownership';
import type { WorkOrdersTable } from '../../platform/db/schema';


const columns = [
  'id',
  'description',
  'address',
  'status',
  'submitted_at',
  // A date column would come back as a local-midnight Date; the calendar day is what we mean.
  sql<string>`to_char(request_date, 'YYYY-MM-DD')`.as('request_date'),
] as const;

type Row = Pick<Selectable<WorkOrdersTable>, 'id' | 'description' | 'address' | 'status' | 'submitted_at'> & { request_date: string };

function toWorkOrder(row: Row): WorkOrder {
  return {
    id: Number(row.id),
    description: row.description,
    address: row.address,
    status: row.status as WorkOrderStatus,
    submitted_at: new Date(row.submitted_at).toISOString(),
    request_date: row.request_date,
  };
}

/** The customer's orders, newest submitted first, optionally of one status. */
export async function listWorkOrders(db: Db, email: string, filter: WorkOrderFilter): Promise<WorkOrder[]> {
  let query = db.selectFrom('work_orders').select(columns).where(ownedBy(email));
  if (filter !== 'All') query = query.where('status', '=', filter);
  const rows = await query.orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toWorkOrder);
}

/** Stores a new order as Pending; submitted_at (and so request_date) come from the database clock. */
export async function createWorkOrder(db: Db, email: string, order: NewWorkOrder): Promise<WorkOrder> {
  const row = await db
    .insertInto('work_orders')
    .values({ email, address: order.address, description: order.description, status: 'Pending' })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toWorkOrder(row);
}

export type CancelResult = { outcome: 'cancelled'; order: WorkOrder } | { outcome: 'not_found' } | { outcome: 'wrong_state'; status: string };

/**
 * One conditional UPDATE does the work, so two clicks (or two tabs) cannot race past the state check.
 * Only when it changes nothing do we look again, to tell "not yours" (404) from "not cancellable" (409).
 */
export async function cancelWorkOrder(db: Db, email: string, id: number): Promise<CancelResult> {
  const row = await db
    .updateTable('work_orders')
    .set({ status: 'Cancelled' })
    .where('id', '=', id)
    .where(ownedBy(email))
    .where('status', 'in', cancellableStatuses)
    .returning(columns)
    .executeTakeFirst();
  if (row) return { outcome: 'cancelled', order: toWorkOrder(row) };

  const existing = await db.selectFrom('work_orders').select('status').where('id', '=', id).where(ownedBy(email)).executeTakeFirst();
  return existing ? { outcome: 'wrong_state', status: existing.status } : { outcome: 'not_found' };
}
