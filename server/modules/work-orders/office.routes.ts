import { Hono, type Context } from 'hono';
import type { Transaction } from 'kysely';
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
import type { Database } from '../../platform/db/schema';
import { requestMeta, type RequestMeta } from '../../platform/http/request-meta';
import { validate } from '../../platform/http/validate';
import { addWorkOrderNote } from './add-work-order-note';
import { changeWorkOrderStatus, type OfficeOrderChange } from './change-work-order-status';
import { createWorkOrderFromQuote } from './create-work-order-from-quote';
import { getOfficeWorkOrderById } from './get-office-work-order';
import { listOfficeWorkOrders as listWorkOrders } from './list-office-work-orders';
import { scheduleWorkOrder } from './schedule-work-order';

/**
 * /api/office/work-orders: the office's Work Orders screen and the order's page (status, schedule,
 * notes), and 'Create work order' on a quote. Mounted behind requireStaff (server/office-app.ts);
 * owners and staff alike. Each action runs in one transaction as the office's database role
 * (withOfficeScope: the triggers name the staff member in the timeline) with its audit row and the
 * e-mail it queues; once committed, the mail worker is nudged if it queued one.
 */
export function workOrderOfficeRoutes({ db, config, secret, onMailQueued }: Pick<AppDeps, 'db' | 'config' | 'secret' | 'onMailQueued'>) {
  const timeZone = config.company.timeZone;
  const act = async <T>(c: Context<OfficeEnv>, work: (trx: Transaction<Database>, meta: RequestMeta) => Promise<T>) => {
    const meta = requestMeta(c, c.get('staff').email, config.trustProxy);
    return withOfficeScope(db, meta.actor, (trx) => work(trx, meta));
  };
  const answer = (c: Context<OfficeEnv>, { mailed, order }: OfficeOrderChange, status: 200 | 201 = 200) => {
    if (mailed) onMailQueued();
    return c.json(order, status);
  };
  return new Hono<OfficeEnv>()
    .on(listOfficeWorkOrders.method, listOfficeWorkOrders.path, validate('query', listOfficeWorkOrders.query), async (c) =>
      c.json(await withOfficeScope(db, c.get('staff').email, (trx) => listWorkOrders(trx, c.req.valid('query'), timeZone))),
    )
    .on(getOfficeWorkOrder.method, getOfficeWorkOrder.path, validate('param', getOfficeWorkOrder.params), async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await withOfficeScope(db, c.get('staff').email, (trx) => getOfficeWorkOrderById(trx, id, timeZone)));
    })
    .on(
      changeOfficeWorkOrderStatus.method,
      changeOfficeWorkOrderStatus.path,
      validate('param', changeOfficeWorkOrderStatus.params),
      validate('json', changeOfficeWorkOrderStatus.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, ...c.req.valid('json') };
        return answer(c, await act(c, (trx, meta) => changeWorkOrderStatus(trx, meta, input, { config, secret })));
      },
    )
    .on(
      scheduleOfficeWorkOrder.method,
      scheduleOfficeWorkOrder.path,
      validate('param', scheduleOfficeWorkOrder.params),
      validate('json', scheduleOfficeWorkOrder.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, ...c.req.valid('json') };
        return answer(c, await act(c, (trx, meta) => scheduleWorkOrder(trx, meta, input, { config, secret })));
      },
    )
    .on(
      addOfficeWorkOrderNote.method,
      addOfficeWorkOrderNote.path,
      validate('param', addOfficeWorkOrderNote.params),
      validate('json', addOfficeWorkOrderNote.body),
      async (c) => {
        const input = { id: c.req.valid('param').id, ...c.req.valid('json') };
        return answer(c, await act(c, (trx, meta) => addWorkOrderNote(trx, meta, input, { config, secret })), 201);
      },
    )
    .on(
      createOfficeWorkOrderFromQuote.method,
      createOfficeWorkOrderFromQuote.path,
      validate('param', createOfficeWorkOrderFromQuote.params),
      validate('json', createOfficeWorkOrderFromQuote.body),
      async (c) => {
        const input = { quoteId: c.req.valid('param').id, ...c.req.valid('json') };
        return c.json(await act(c, (trx, meta) => createWorkOrderFromQuote(trx, meta, input, { timeZone })), 201);
      },
    );
}
