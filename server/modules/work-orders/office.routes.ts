import { Hono, type Context } from 'hono';
import {
  addOfficeWorkOrderNote,
  changeOfficeWorkOrderStatus,
  createOfficeWorkOrderFromQuote,
  getOfficeWorkOrder,
  listOfficeWorkOrders,
  scheduleOfficeWorkOrder,
} from '../../../contracts/office/work-orders';
import type { AppDeps } from '../../deps';
import type { OfficeEnv } from '../../auth/office/guard';
import { withOfficeScope } from '../../platform/db/office-scope';
import { requestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { createWorkOrderFromQuote } from './create-work-order-from-quote';
import * as actions from './office-actions';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { listOfficeWorkOrders as listWorkOrders } from './list-office-work-orders';

/**
 * /api/office/work-orders: the office's Work Orders screen and the order's page (status, schedule,
 * notes), and 'Create work order' on a quote. Mounted behind requireStaff (server/office-app.ts);
 * owners and staff alike.
 */
export function workOrderOfficeRoutes(deps: Pick<AppDeps, 'db' | 'config' | 'secret' | 'onMailQueued'>) {
  const { db, config } = deps;
  const meta = (c: Context<OfficeEnv>) => requestMeta(c, c.get('staff').email, config.trustProxy);
  return new Hono<OfficeEnv>()
    .on(listOfficeWorkOrders.method, listOfficeWorkOrders.path, validate('query', listOfficeWorkOrders.query), async (c) =>
      c.json(await withOfficeScope(db, c.get('staff').email, (trx) => listWorkOrders(trx, c.req.valid('query'), config.company.timeZone))),
    )
    .on(getOfficeWorkOrder.method, getOfficeWorkOrder.path, validate('param', getOfficeWorkOrder.params), async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => getOfficeWorkOrderById(trx, id, config.company.timeZone)));
    })
    .on(
      changeOfficeWorkOrderStatus.method,
      changeOfficeWorkOrderStatus.path,
      validate('param', changeOfficeWorkOrderStatus.params),
      validate('json', changeOfficeWorkOrderStatus.body),
      async (c) => c.json(await actions.changeStatus(deps, meta(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .on(
      scheduleOfficeWorkOrder.method,
      scheduleOfficeWorkOrder.path,
      validate('param', scheduleOfficeWorkOrder.params),
      validate('json', scheduleOfficeWorkOrder.body),
      async (c) => c.json(await actions.schedule(deps, meta(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .on(
      addOfficeWorkOrderNote.method,
      addOfficeWorkOrderNote.path,
      validate('param', addOfficeWorkOrderNote.params),
      validate('json', addOfficeWorkOrderNote.body),
      async (c) => c.json(await actions.addNote(deps, meta(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .on(
      createOfficeWorkOrderFromQuote.method,
      createOfficeWorkOrderFromQuote.path,
      validate('param', createOfficeWorkOrderFromQuote.params),
      validate('json', createOfficeWorkOrderFromQuote.body),
      async (c) => c.json(await createWorkOrderFromQuote(deps, meta(c), c.req.valid('param').id, c.req.valid('json')), 201),
    );
}
