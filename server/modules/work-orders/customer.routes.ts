import { Hono } from 'hono';
import { cancelWorkOrder, getWorkOrder, listWorkOrders, submitWorkOrder } from '../../../contracts/customer/work-orders';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { updateRecipient } from '../profile/update-mail-policy';
import { cancelWorkOrder as cancelOrder } from './cancel-work-order';
import * as repository from './repository';
import { submitWorkOrder as submitOrder } from './submit-work-order';

/**
 * The signed-in customer's orders only (c.get('customer').email), each under row-level security as
 * that customer. A new request and a cancellation also e-mail the office (COMPANY_EMAIL), queued in
 * the same transaction: nothing accepted is lost when mail is down. A cancellation of a scheduled
 * order also sends the customer the calendar file that takes the visit off their calendar.
 */
export function workOrderCustomerRoutes({
  db,
  config,
  secret,
  onMailQueued,
  limits = HOURLY_LIMITS,
}: Pick<AppDeps, 'db' | 'config' | 'secret' | 'onMailQueued' | 'limits'>) {
  const timeZone = config.company.timeZone;
  return new Hono<AppEnv>()
    .on(listWorkOrders.method, listWorkOrders.path, validate('query', listWorkOrders.query), async (c) => {
      const { status } = c.req.valid('query');
      const { email } = c.get('customer');
      const workOrders = await withCustomerScope(db, email, (trx) => repository.listForCustomer(trx, email, status, timeZone));
      return c.json({ workOrders });
    })
    .on(submitWorkOrder.method, submitWorkOrder.path, validate('json', submitWorkOrder.body), async (c) => {
      const customer = c.get('customer');
      const order = await submitOrder(db, { order: c.req.valid('json'), customer }, { config, limits });
      onMailQueued();
      return c.json(order, 201);
    })
    .on(getWorkOrder.method, getWorkOrder.path, validate('param', getWorkOrder.params), async (c) => {
      const { email } = c.get('customer');
      return c.json(await withCustomerScope(db, email, (trx) => repository.findForCustomer(trx, email, c.req.valid('param').id, timeZone)));
    })
    .on(cancelWorkOrder.method, cancelWorkOrder.path, validate('param', cancelWorkOrder.params), async (c) => {
      const customer = c.get('customer');
      // Read as the server first: the customer's role cannot read the account's language.
      const recipient = await updateRecipient(db, { config, secret }, customer.email);
      const order = await withCustomerScope(db, customer.email, (trx) =>
        cancelOrder(trx, { id: c.req.valid('param').id, customer, recipient }, { config, secret }),
      );
      onMailQueued();
      return c.json(order);
    });
}
