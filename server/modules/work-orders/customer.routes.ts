import { Hono } from 'hono';
import { cancelWorkOrder, listWorkOrders, submitWorkOrder } from '../../../contracts/customer/work-orders';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import * as repository from './repository';

/** The signed-in customer's orders only (c.get('customer').email), each under row-level security as that customer. */
export function workOrderCustomerRoutes({ db, limits = HOURLY_LIMITS }: Pick<AppDeps, 'db' | 'limits'>) {
  return new Hono<AppEnv>()
    .on(listWorkOrders.method, listWorkOrders.path, validate('query', listWorkOrders.query), async (c) => {
      const { status } = c.req.valid('query');
      const { email } = c.get('customer');
      const workOrders = await withCustomerScope(db, email, (trx) => repository.listForCustomer(trx, email, status));
      return c.json({ workOrders });
    })
    .on(submitWorkOrder.method, submitWorkOrder.path, validate('json', submitWorkOrder.body), async (c) => {
      const { email } = c.get('customer');
      const order = await withCustomerScope(db, email, async (trx) => {
        await assertUnderHourlyLimit(trx, { table: 'work_orders', column: 'submitted_at' }, email, limits.workOrders);
        return repository.insert(trx, email, c.req.valid('json'));
      });
      return c.json(order, 201);
    })
    .on(cancelWorkOrder.method, cancelWorkOrder.path, validate('param', cancelWorkOrder.params), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => repository.cancel(trx, email, c.req.valid('param').id)));
    });
}
