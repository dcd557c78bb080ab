import { sql } from 'kysely';
import { DASHBOARD_QUOTES_LIMIT, DASHBOARD_WORK_ORDERS_LIMIT, type Dashboard } from '../../../contracts/customer/dashboard';
import { cancellableStatuses, type WorkOrderStatus } from '../../../contracts/customer/work-orders';
import { ownedBy, type Db } from '../../platform/db/ownership';

/** numeric(12,2) arrives as a string ("1234.50"); a driver that parsed it to a number is put back to 2 places. */
const toMoney = (value: string | number): string => (typeof value === 'number' ? value.toFixed(2) : value);

/**
 * The dashboard's two lists, each one indexed query (lower(email), created_at/submitted_at DESC),
 * run side by side. "Active" is what the customer can still act on: Pending or In Progress.
 */
export async function loadDashboard(db: Db, email: string): Promise<Dashboard> {
  const [quotes, workOrders] = await Promise.all([
    db
      .selectFrom('quotes')
      .select(['id', 'total', 'status'])
      .where(ownedBy(email))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_QUOTES_LIMIT)
      .execute(),
    db
      .selectFrom('work_orders')
      .select(['id', 'status', 'submitted_at', sql<string>`to_char(request_date, 'YYYY-MM-DD')`.as('request_date')])
      .where(ownedBy(email))
      .where('status', 'in', cancellableStatuses)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_WORK_ORDERS_LIMIT)
      .execute(),
  ]);
  return {
    recentQuotes: quotes.map((q) => ({ id: Number(q.id), total: toMoney(q.total), status: q.status })),
    activeWorkOrders: workOrders.map((w) => ({
      id: Number(w.id),
      request_date: w.request_date,
      submitted_at: new Date(w.submitted_at).toISOString(),
      status: w.status as WorkOrderStatus,
    })),
  };
}
