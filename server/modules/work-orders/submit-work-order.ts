import type { NewWorkOrder, WorkOrder } from '../../../contracts/customer/work-orders';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, type HourlyLimits } from '../../platform/db/hourly-limit';
import { enqueueMails } from '../../platform/mail/outbox';
import { linkPhotos } from '../photos/repository';
import { customerOrderUrl } from './mail';
import { newWorkRequestMail } from './office-mail';
import * as repository from './repository';
import { requestCopyMail } from './request-copy-mail';

export interface SubmitWorkOrderInput {
  order: NewWorkOrder;
  /** The signed-in customer: whose order it is, and the name and language of the e-mails. */
  customer: { email: string; name: string; locale?: string };
}

export interface CustomerOrderDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

/**
 * A customer's new work request, in the caller's transaction in the customer's scope: the order
 * (Pending) with its photos, the office's e-mail (COMPANY_EMAIL) and the customer's own copy, all
 * kept or none, so nothing accepted is lost when mail is down. At most limits.workOrders an hour.
 */
export async function submitWorkOrder(
  db: Db,
  { order, customer }: SubmitWorkOrderInput,
  deps: CustomerOrderDeps & { limits: HourlyLimits },
): Promise<WorkOrder> {
  const { config } = deps;
  await assertUnderHourlyLimit(db, { table: 'work_orders', column: 'submitted_at' }, customer.email, deps.limits.workOrders);
  const created = await repository.insert(db, customer.email, order, config.company.timeZone);
  await linkPhotos(db, customer.email, created.id, order.photoIds ?? []);
  // The office's e-mail and the customer's own copy (what they asked for and what happens next), in one statement.
  await enqueueMails(db, [
    newWorkRequestMail({ officeEmail: config.company.email, appUrl: config.appUrl, order: created, customer }),
    requestCopyMail(customer.email, toLocale(customer.locale), {
      company: config.company.name,
      orderId: created.id,
      description: created.description,
      address: created.address,
      url: customerOrderUrl(config.appUrl, created.id),
    }),
  ]);
  return created;
}
