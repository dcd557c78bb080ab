import { DASHBOARD_QUOTES_LIMIT, DASHBOARD_WORK_ORDERS_LIMIT, type Dashboard } from '../../../contracts/customer/dashboard';
import { cancellableStatuses } from '../../../domain/work-orders';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { toQuoteSummary } from '../quotes/mappers';
import { activeWorkOrderColumns, toActiveWorkOrder } from '../work-orders/mappers';

/**
 * The dashboard's two lists, each one indexed query (lower(email), created_at/submitted_at DESC),
 * run side by side. "Active" is what the customer can still act on: the cancellable statuses.
 * Schedules are shown in timeZone (COMPANY_TIMEZONE).
 */
export async function loadDashboard(db: Db, email: string, timeZone: string): Promise<Dashboard> {
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
      .select(activeWorkOrderColumns)
      .where(ownedBy(email))
      .where('status', 'in', cancellableStatuses)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_WORK_ORDERS_LIMIT)
      .execute(),
  ]);
  return { recentQuotes: quotes.map(toQuoteSummary), activeWorkOrders: workOrders.map((row) => toActiveWorkOrder(row, timeZone)) };
}
