import type { Dashboard } from '../../../contracts/customer/dashboard';
import type { Db } from '../../platform/db/customer-scope';
import { hasRecords } from './has-records';
import { loadDashboard } from './repository';

/** The customer's whole dashboard, and whether they have any record at all, in the caller's customer scope. */
export async function getDashboard(db: Db, { email }: { email: string }, deps: { timeZone: string }): Promise<Dashboard> {
  const dashboard = await loadDashboard(db, email, deps.timeZone);
  return { ...dashboard, hasRecords: await hasRecords(db, email, dashboard) };
}
