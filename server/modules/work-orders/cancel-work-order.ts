import type { WorkOrder } from '../../../contracts/customer/work-orders';
import type { Db } from '../../platform/db/customer-scope';
import { enqueueMail } from '../../platform/mail/outbox';
import type { UpdateRecipient } from '../profile/update-mail-policy';
import { customerCancelledMail } from './office-mail';
import * as repository from './repository';
import type { CustomerOrderDeps } from './submit-work-order';
import { queueCustomerCancelMail } from './update-mail';

export interface CancelWorkOrderInput {
  id: number;
  customer: { email: string; name: string };
  /**
   * To whom and how the customer's update e-mails go, read by the caller as the server before the
   * customer's scope begins (the customer's role cannot read the account's language).
   */
  recipient: UpdateRecipient | undefined;
}

/**
 * The customer cancels their own order, in the caller's transaction in the customer's scope: the
 * order, the office's e-mail, and (for a scheduled order, when update e-mails are on) the calendar
 * file that takes the visit off the customer's calendar.
 */
export async function cancelWorkOrder(
  db: Db,
  { id, customer, recipient }: CancelWorkOrderInput,
  deps: CustomerOrderDeps & { secret: string },
): Promise<WorkOrder> {
  const { config } = deps;
  const { workOrder, visit } = await repository.cancel(db, customer.email, id, config.company.timeZone);
  await enqueueMail(db, customerCancelledMail({ officeEmail: config.company.email, appUrl: config.appUrl, order: workOrder, customer }));
  // A visit on the customer's calendar is cancelled there too (when update e-mails are on).
  if (visit) await queueCustomerCancelMail(db, deps, recipient, { ...workOrder, email: customer.email }, visit);
  return workOrder;
}
