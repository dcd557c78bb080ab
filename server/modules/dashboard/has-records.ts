import type { Dashboard } from '../../../contracts/customer/dashboard';
import { ownedBy, type Db } from '../../platform/db/customer-scope';

/**
 * Whether the customer has any quote or work order at all, so only a new customer is welcomed: the
 * dashboard's lists can both be empty for a returning one (every order Complete or Cancelled). The
 * quotes list is not filtered, so only work orders need a look, and only when both lists are empty.
 */
export async function hasRecords(db: Db, email: string, dashboard: Dashboard): Promise<boolean> {
  if (dashboard.recentQuotes.length > 0 || dashboard.activeWorkOrders.length > 0) return true;
  const row = await db.selectFrom('work_orders').select('id').where(ownedBy(email)).limit(1).executeTakeFirst();
  return row !== undefined;
}
