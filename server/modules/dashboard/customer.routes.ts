import { Hono } from 'hono';
import { getDashboard } from '../../../contracts/customer/dashboard';
import { getDashboard as loadDashboard } from './get-dashboard';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';

/** The whole dashboard in one request. */
export function dashboardCustomerRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<AppEnv>().on(getDashboard.method, getDashboard.path, async (c) => {
    const { email } = c.get('customer');
    return c.json(await withCustomerScope(db, email, (trx) => loadDashboard(trx, { email }, { timeZone: config.company.timeZone })));
  });
}
