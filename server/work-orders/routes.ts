import { Hono } from 'hono';
import { listWorkOrdersQuerySchema, newWorkOrderSchema, workOrderIdParamSchema } from '../../contracts/work-orders';
import type { AppDeps } from '../app';
import { AppError, notFound } from '../http/errors';
import type { AppEnv } from '../http/types';
import { cancelWorkOrder, createWorkOrder, listWorkOrders } from './repository';
import { validate } from './validate';

/** /api/work-orders: the signed-in customer's orders only (c.get('customer').email). */
export function workOrderRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<AppEnv>()
    .get('/', validate('query', listWorkOrdersQuerySchema), async (c) => {
      const { status } = c.req.valid('query');
      const workOrders = await listWorkOrders(db, c.get('customer').email, status);
      return c.json({ workOrders });
    })
    .post('/', validate('json', newWorkOrderSchema), async (c) => {
      const order = await createWorkOrder(db, c.get('customer').email, c.req.valid('json'));
      return c.json(order, 201);
    })
    .post('/:id/cancel', validate('param', workOrderIdParamSchema), async (c) => {
      const result = await cancelWorkOrder(db, c.get('customer').email, c.req.valid('param').id);
      if (result.outcome === 'not_found') throw notFound('Work order not found.');
      if (result.outcome === 'wrong_state') {
        throw new AppError(409, 'not_cancellable', `This work order is ${result.status} and can no longer be cancelled.`);
      }
      return c.json(result.order);
    });
}
