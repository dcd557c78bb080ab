import type { Kysely } from 'kysely';
import type { NewWorkOrder, WorkOrder } from '../../../contracts/customer/work-orders';
import { LimitReachedError, NotFoundError } from '../../../domain/errors';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import { oneMessageSend, withCustomerScope, writeInCustomerScope, type Db } from '../../platform/db/customer-scope';
import {
  hourlyLimitLock,
  LIMIT_REACHED_MESSAGE,
  lockHourlyLimit,
  underHourlyLimit,
  type HourlyLimits,
} from '../../platform/db/hourly-limit';
import type { Database } from '../../platform/db/schema';
import { idPlaceholder, queueMailsForRowStatement, queueMails, textPlaceholder } from '../../platform/mail/outbox';
import { toWorkOrder, type WorkOrderRow } from './mappers';
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
type SubmitDeps = CustomerOrderDeps & { limits: HourlyLimits };

/**
 * A customer's new work request in the customer's scope: the order (Pending) with its photos, the
 * office's e-mail (COMPANY_EMAIL) and the customer's own copy, all kept or none, so nothing accepted
 * is lost when mail is down. At most limits.workOrders an hour. On PostgreSQL a request that names
 * its property and has no photos (the Submit Request screen's usual one) is ONE message (decision
 * 296); any other, a refused one and the embedded database take a transaction (submitInTransaction).
 */
export async function submitWorkOrder(db: Kysely<Database>, input: SubmitWorkOrderInput, deps: SubmitDeps): Promise<WorkOrder> {
  const atOnce = await submitInOneMessage(db, input, deps);
  return atOnce ?? withCustomerScope(db, input.customer.email, (trx) => submitInTransaction(trx, input, deps));
}

/** Where the e-mails' texts, written before the order exists, hold its id and its address (the property's). */
const ORDER_ID = idPlaceholder();
const ORDER_ADDRESS = textPlaceholder('orderaddress');
const LIMITED = { table: 'work_orders', column: 'submitted_at' } as const;

/**
 * The order, its checks (the hourly limit's lock first, then insert_work_order_checked) and its two
 * e-mails in one message, one implicit transaction (writeInCustomerScope): no answer is waited for
 * between them. The order and its e-mails are one prepared statement (planned once per connection,
 * decision 298), its values the EXECUTE's arguments. The e-mails are written with placeholders the
 * database fills with the new order's id and its address (a named property's, which the database
 * copies in). Undefined where this does not apply, and when a check refused the order: the
 * transaction then tries again and tells which (a refused request costs the database about twice
 * what it did; the limit's count and lock are index lookups).
 */
async function submitInOneMessage(
  db: Kysely<Database>,
  { order, customer }: SubmitWorkOrderInput,
  deps: SubmitDeps,
): Promise<WorkOrder | undefined> {
  if (order.propertyId === undefined || order.photoIds?.length || !oneMessageSend(db)) return undefined;
  const lock = hourlyLimitLock(LIMITED, customer.email);
  if (lock === undefined) return undefined;
  const provisional = { id: ORDER_ID, address: ORDER_ADDRESS, description: order.description };
  const statement = repository.insertCheckedWithMails(
    db,
    customer.email,
    order,
    { max: deps.limits.workOrders, propertyOwned: true },
    (source, first) =>
      queueMailsForRowStatement(
        orderMails(provisional, customer, deps.config),
        source,
        { [String(ORDER_ID)]: `${source}.id::text`, [ORDER_ADDRESS]: `${source}.address` },
        first,
      ),
  );
  if (statement === undefined) return undefined;
  const rows = await writeInCustomerScope<WorkOrderRow>(db, customer.email, { selectList: lock, statement });
  return rows?.[0] && toWorkOrder(rows[0], deps.config.company.timeZone);
}

/** The office's e-mail and the customer's own copy (what they asked for and what happens next). */
const orderMails = (
  order: { id: number; address: string; description: string },
  customer: SubmitWorkOrderInput['customer'],
  config: CustomerOrderDeps['config'],
) => [
  newWorkRequestMail({ officeEmail: config.company.email, appUrl: config.appUrl, order, customer }),
  requestCopyMail(customer.email, toLocale(customer.locale), {
    company: config.company.name,
    orderId: order.id,
    description: order.description,
    address: order.address,
    url: customerOrderUrl(config.appUrl, order.id),
  }),
];

/** submitWorkOrder in the caller's transaction, in the customer's scope. */
async function submitInTransaction(db: Db, { order, customer }: SubmitWorkOrderInput, deps: SubmitDeps) {
  const { config } = deps;
  const max = deps.limits.workOrders;
  // On PostgreSQL the lock goes out with the INSERT below (and the BEGIN and the scope's settings) in one
  // message; the INSERT counts the last hour's orders itself and checks a named property is theirs.
  await lockHourlyLimit(db, LIMITED, customer.email);
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
    if (!(await underHourlyLimit(db, LIMITED, customer.email, max))) throw new LimitReachedError(LIMIT_REACHED_MESSAGE);
    throw new NotFoundError('Property not found.', 'property_not_found');
  }
  await linkPhotos(db, customer.email, created.id, order.photoIds ?? []);
  // In one statement whose answer is not read: on PostgreSQL it goes out with the COMMIT.
  await queueMails(db, orderMails(created, customer, config));
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
