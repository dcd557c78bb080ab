import type { RevisionRequestCreated } from '../../../contracts/customer/quotes';
import { NotFoundError } from '../../../domain/errors';
import { revisableStatuses } from '../../../domain/quotes/statuses';
import type { Db } from '../../platform/db/customer-scope';
import { assertUnderHourlyLimit, type HourlyLimits } from '../../platform/db/hourly-limit';
import { enqueueMail } from '../../platform/mail/outbox';
import { findOwned, insertRevisionRequest } from './repository';
import { revisionRequestMail } from './revision-mail';

export interface RevisionRequestInput {
  quoteId: number;
  message: string;
  /** The signed-in customer: whose quote it is, and the name the office reads. */
  customer: { email: string; name: string };
}

export interface RevisionRequestDeps {
  /** The office address (COMPANY_EMAIL) that receives the e-mail. */
  officeEmail: string;
  limits: HourlyLimits;
}

/**
 * Stores the request, sets a Sent quote to 'Revision Requested', and queues the e-mail to the office. Run it in one transaction (the customer's
 * scope): both are kept or neither is. Another customer's quote is "not found", like an unknown one.
 */
export async function requestRevision(db: Db, input: RevisionRequestInput, deps: RevisionRequestDeps): Promise<RevisionRequestCreated> {
  const { customer, message } = input;
  const quote = await findOwned(db, input.quoteId, customer.email);
  if (!quote) throw new NotFoundError('Quote not found.');
  await assertUnderHourlyLimit(db, { table: 'quote_requests', column: 'requested_at' }, customer.email, deps.limits.revisionRequests);
  const stored = await insertRevisionRequest(db, { quoteId: quote.id, email: customer.email, message });
  // A Sent (or Expired) quote now waits for the office: no more reminders, no approval of this version.
  await db
    .updateTable('quotes')
    .set({ status: 'Revision Requested' })
    .where('id', '=', quote.id)
    .where('status', 'in', revisableStatuses)
    .execute();
  await enqueueMail(
    db,
    revisionRequestMail({
      officeEmail: deps.officeEmail,
      quoteId: quote.id,
      quoteDescription: quote.description ?? '',
      customerName: customer.name,
      customerEmail: customer.email,
      message,
    }),
  );
  return { id: stored.id, quoteId: quote.id, requestedAt: stored.requestedAt };
}
