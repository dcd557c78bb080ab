import type { NewWorkOrder, WorkOrder } from '../../../contracts/customer/work-orders';
import { LimitReachedError, NotFoundError } from '../../../domain/errors';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { LIMIT_REACHED_MESSAGE, lockHourlyLimit, underHourlyLimit, type HourlyLimits } from '../../platform/db/hourly-limit';
import { queueMails } from '../../platform/mail/outbox';
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
  const limited = { table: 'work_orders', column: 'submitted_at' } as const;
  const max = deps.limits.workOrders;
  // On PostgreSQL the lock goes out with the INSERT below (and the BEGIN and the scope's settings) in one
  // message; the INSERT counts the last hour's orders itself and checks a named property is theirs.
  await lockHourlyLimit(db, limited, customer.email);
  const chosen = order.propertyId === undefined ? await withProperty(db, customer.email, order) : order;
  const created = await repository.insertChecked(
    db,
    customer.email,
    chosen,
    { max, propertyOwned: order.propertyId !== undefined },
    config.company.timeZone,
  );
  if (!created) {
    // Refused: the limit first (as when it was checked before anything else), else the property is not theirs.
    if (!(await underHourlyLimit(db, limited, customer.email, max))) throw new LimitReachedError(LIMIT_REACHED_MESSAGE);
    throw new NotFoundError('Property not found.', 'property_not_found');
  }
  await linkPhotos(db, customer.email, created.id, order.photoIds ?? []);
  // The office's e-mail and the customer's own copy (what they asked for and what happens next), in one
  // statement whose answer is not read: on PostgreSQL it goes out with the COMMIT.
  await queueMails(db, [
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
 * 'Another address' (contract-spec §4, decision 224): the address becomes one of the customer's
 * properties (or is the one they have with it). An account with no customers row (the profile not
 * made yet) keeps the plain address. A named property is checked by the INSERT itself (404
 * property_not_found when it is not theirs).
 */
async function withProperty(db: Db, email: string, order: NewWorkOrder) {
  const customerId = await customerIdOf(db, email);
  if (customerId === undefined) return order;
  const property = await chooseProperty(db, customerId, { address: order.address });
  return { ...order, address: property.address, propertyId: property.id };
}
