import { Hono } from 'hono';
import type { AppDeps } from '../app';
import type { AppEnv } from '../http/types';
import { loadDashboard } from './repository';

/** /api/dashboard: one request for the whole page. */
export function dashboardRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>().get('/', async (c) => c.json(await loadDashboard(db, c.get('customer').email)));
}
