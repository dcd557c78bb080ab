import { Hono } from 'hono';
import { cancelWorkOrder, getWorkOrder, listWorkOrders, submitWorkOrder } from '../../../contracts/customer/work-orders';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { enqueueMail } from '../../platform/mail/outbox';
import { customerCancelledMail, newWorkRequestMail } from './office-mail';
import * as repository from './repository';
import { queueCustomerCancelMail } from './update-mail';
import { updateRecipient } from '../profile/update-mail-policy';
import { customerOrderUrl } from './mail';
import { linkPhotos } from '../photos/repository';
import { toLocale } from '../../../contracts/locale';
import { requestCopyMail } from './request-copy-mail';

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
  const officeMail = (order: { id: number; description: string; address: string }, customer: { email: string; name: string }) => ({
    officeEmail: config.company.email,
    appUrl: config.appUrl,
    order,
    customer,
  });
  return new Hono<AppEnv>()
    .on(listWorkOrders.method, listWorkOrders.path, validate('query', listWorkOrders.query), async (c) => {
      const { status } = c.req.valid('query');
      const { email } = c.get('customer');
      const workOrders = await withCustomerScope(db, email, (trx) => repository.listForCustomer(trx, email, status, timeZone));
      return c.json({ workOrders });
    })
    .on(submitWorkOrder.method, submitWorkOrder.path, validate('json', submitWorkOrder.body), async (c) => {
      const customer = c.get('customer');
      const order = await withCustomerScope(db, customer.email, async (trx) => {
        await assertUnderHourlyLimit(trx, { table: 'work_orders', column: 'submitted_at' }, customer.email, limits.workOrders);
        const created = await repository.insert(trx, customer.email, c.req.valid('json'), timeZone);
        await linkPhotos(trx, customer.email, created.id, c.req.valid('json').photoIds ?? []);
        await enqueueMail(trx, newWorkRequestMail(officeMail(created, customer)));
        // The customer's own copy: what they asked for and what happens next.
        await enqueueMail(
          trx,
          requestCopyMail(customer.email, toLocale(customer.locale), {
            company: config.company.name,
            orderId: created.id,
            description: created.description,
            address: created.address,
            url: customerOrderUrl(config.appUrl, created.id),
          }),
        );
        return created;
      });
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
      const order = await withCustomerScope(db, customer.email, async (trx) => {
        const { workOrder, visit } = await repository.cancel(trx, customer.email, c.req.valid('param').id, timeZone);
        await enqueueMail(trx, customerCancelledMail(officeMail(workOrder, customer)));
        // A visit on the customer's calendar is cancelled there too (when update e-mails are on).
        if (visit) await queueCustomerCancelMail(trx, { config, secret }, recipient, { ...workOrder, email: customer.email }, visit);
        return workOrder;
      });
      onMailQueued();
      return c.json(order);
    });
}
