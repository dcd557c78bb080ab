import { Hono } from 'hono';
import { getDashboard } from '../../../contracts/customer/dashboard';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { AppEnv } from '../../platform/http/types';
import { hasRecords } from './has-records';
import { loadDashboard } from './repository';

/** The whole dashboard in one request. */
export function dashboardCustomerRoutes({ db, config }: Pick<AppDeps, 'db' | 'config'>) {
  return new Hono<AppEnv>().on(getDashboard.method, getDashboard.path, async (c) => {
    const { email } = c.get('customer');
    return c.json(
      await withCustomerScope(db, email, async (trx) => {
        const dashboard = await loadDashboard(trx, email, config.company.timeZone);
        return { ...dashboard, hasRecords: await hasRecords(trx, email, dashboard) };
      }),
    );
  });
}
