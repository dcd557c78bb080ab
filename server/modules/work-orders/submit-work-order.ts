import type { NewWorkOrder, WorkOrder } from '../../../contracts/customer/work-orders';
import { NotFoundError } from '../../../domain/errors';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, type HourlyLimits } from '../../platform/db/hourly-limit';
import { enqueueMails } from '../../platform/mail/outbox';
import { linkPhotos } from '../photos/repository';
import { chooseProperty } from '../properties/choose-property';
import { customerIdOf } from '../properties/repository';
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
  const created = await repository.insert(db, customer.email, await withProperty(db, customer.email, order), config.company.timeZone);
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

/**
 * The order's property (contract-spec §4): the one it names, if it is the customer's (404
 * property_not_found otherwise), or its address as one of their properties ('Another address').
 * An account with no customers row (the profile not made yet) keeps the plain address.
 */
async function withProperty(db: Db, email: string, order: NewWorkOrder) {
  const customerId = await customerIdOf(db, email);
  if (customerId === undefined) {
    if (order.propertyId !== undefined) throw new NotFoundError('Property not found.', 'property_not_found');
    return order;
  }
  const property = await chooseProperty(
    db,
    customerId,
    order.propertyId === undefined ? { address: order.address } : { propertyId: order.propertyId },
  );
  return { ...order, address: property.address, propertyId: property.id };
}
