import { Hono } from 'hono';
import type { AppDeps } from '../../app';
import type { AppEnv } from '../../platform/http/types';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { loadDashboard } from './repository';

/** /api/dashboard: one request for the whole page. */
export function dashboardRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const { email } = c.get('customer');
    return c.json(await withCustomerScope(db, email, (trx) => loadDashboard(trx, email)));
  });
}
