import { Hono } from 'hono';
import { listOfficeWorkOrders } from '../../../contracts/office/work-orders';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { validate } from '../../platform/http/validate';
import { listOfficeWorkOrders as listWorkOrders } from './office-list';

/** /api/office/work-orders: the office's Work Orders screen. Mounted behind requireStaff (modules/office/office.routes.ts). */
export function workOrderOfficeRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<OfficeEnv>().on(
    listOfficeWorkOrders.method,
    listOfficeWorkOrders.path,
    validate('query', listOfficeWorkOrders.query),
    async (c) => c.json(await listWorkOrders(db, c.req.valid('query'))),
  );
}
