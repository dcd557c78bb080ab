import { Hono } from 'hono';
import { listWorkOrdersQuerySchema, newWorkOrderSchema, workOrderIdParamSchema } from '../../../contracts/customer/work-orders';
import type { AppDeps } from '../../app';
import { AppError, notFound } from '../../platform/http/errors';
import type { AppEnv } from '../../platform/http/types';
import { cancelWorkOrder, createWorkOrder, listWorkOrders } from './repository';
import { validate } from '../../platform/http/validate';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, HOURLY_LIMITS } from '../../platform/db/hourly-limit';

/** /api/work-orders: the signed-in customer's orders only (c.get('customer').email). */
/** Each handler runs under row-level security as the customer (withCustomerScope). */
export function workOrderRoutes({ db, limits = HOURLY_LIMITS }: Pick<AppDeps, 'db' | 'limits'>) {
  return new Hono<AppEnv>()
    .get('/', validate('query', listWorkOrdersQuerySchema), async (c) => {
      const { status } = c.req.valid('query');
      const { email } = c.get('customer');
      const workOrders = await withCustomerScope(db, email, (trx) => listWorkOrders(trx, email, status));
      return c.json({ workOrders });
    })
    .post('/', validate('json', newWorkOrderSchema), async (c) => {
      const { email } = c.get('customer');
      const order = await withCustomerScope(db, email, async (trx) => {
        await assertUnderHourlyLimit(trx, { table: 'work_orders', column: 'submitted_at' }, email, limits.workOrders);
        return createWorkOrder(trx, email, c.req.valid('json'));
      });
      return c.json(order, 201);
    })
    .post('/:id/cancel', validate('param', workOrderIdParamSchema), async (c) => {
      const { email } = c.get('customer');
      const result = await withCustomerScope(db, email, (trx) => cancelWorkOrder(trx, email, c.req.valid('param').id));
      if (result.outcome === 'not_found') throw notFound('Work order not found.');
      if (result.outcome === 'wrong_state') {
        throw new AppError(409, 'not_cancellable', `This work order is ${result.status} and can no longer be cancelled.`);
      }
      return c.json(result.order);
    });
}
