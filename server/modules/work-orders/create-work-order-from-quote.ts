import { sql } from 'kysely';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { CreateWorkOrderFromQuote, OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { InvalidInputError, NotFoundError, WrongStateError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { getOfficeWorkOrderById } from './get-office-work-order';

const alreadyHasOrder = (quoteId: number, orderId?: number) =>
  new WrongStateError('work_order_exists', `Quote #${quoteId} already has a work order${orderId ? ` (#${orderId})` : ''}.`);

/** A unique_violation of work_orders_quote_key: another request made this quote's order first. */
const isSecondOrderForQuote = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  String((err as { constraint?: unknown; message?: unknown }).constraint ?? (err as { message?: unknown }).message).includes(
    'work_orders_quote_key',
  );

/** A request that is still open and not yet any quote's order: the quote's work continues it. */
const CONTINUABLE = ['Pending', 'In Progress'];

/**
 * The quote answers a work request (quotes.work_order_id, 'Create quote' on it): the same order goes
 * on, now linked to the quote, so the customer never sees a second order for one job and nothing is
 * cancelled (no cancel e-mail). Answers the order's id, or null when the request is closed (cancelled
 * or complete meanwhile) or already another quote's, and a new order is made as for any quote.
 */
async function continueRequest(trx: Db, meta: RequestMeta, quoteId: number, requestId: number): Promise<number | null> {
  const request = await trx
    .selectFrom('work_orders')
    .select(['id', 'status', 'quote_id', 'description', 'address'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
  if (!request || request.quote_id != null || !CONTINUABLE.includes(request.status)) return null;
  await trx.updateTable('work_orders').set({ quote_id: quoteId }).where('id', '=', requestId).execute();
  await audit(trx, {
    actor: meta.actor,
    action: 'create-from-quote',
    entity: 'work_order',
    entityId: requestId,
    before: { quoteId: null, status: request.status },
    after: { quoteId, status: request.status, description: request.description, address: request.address, continuesRequest: true },
    ip: meta.ip,
  });
  return requestId;
}

/**
 * 'Create work order' on an Approved quote (office-spec section 4): a Pending order for the quote's
 * customer e-mail, linked by quote_id. The description is the quote's and the address the
 * customer's profile's unless the office gives them. Only from an Approved quote (the status is read
 * as the quotes table says it, whoever set it), and once per quote (a unique index settles a race:
 * the loser's transaction is rolled back and it answers work_order_exists). Runs in the caller's
 * transaction in the office's scope.
 */
export async function createWorkOrderFromQuote(
  db: Db,
  meta: RequestMeta,
  { quoteId, ...input }: CreateWorkOrderFromQuote & { quoteId: number },
  deps: { timeZone: string },
): Promise<OfficeWorkOrder> {
  try {
    return await createOrder(db, meta, quoteId, input, deps.timeZone);
  } catch (err) {
    if (isSecondOrderForQuote(err)) throw alreadyHasOrder(quoteId);
    throw err;
  }
}

async function createOrder(trx: Db, meta: RequestMeta, quoteId: number, input: CreateWorkOrderFromQuote, timeZone: string) {
  const quote = await trx
    .selectFrom('quotes')
    .select(['id', 'email', 'description', 'status', 'work_order_id', 'property_id'])
    .where('id', '=', quoteId)
    .executeTakeFirst();
  if (!quote) throw new NotFoundError('Quote not found.');
  if (quote.status !== 'Approved') {
    throw new WrongStateError(
      'quote_not_approved',
      `Quote #${quoteId} is ${quote.status}: only an Approved quote can become a work order.`,
    );
  }
  const existing = await trx.selectFrom('work_orders').select('id').where('quote_id', '=', quoteId).executeTakeFirst();
  if (existing) throw alreadyHasOrder(quoteId, Number(existing.id));
  const continued = quote.work_order_id == null ? null : await continueRequest(trx, meta, quoteId, Number(quote.work_order_id));
  if (continued !== null) return getOfficeWorkOrderById(trx, continued, timeZone);
  const profile = await trx
    .selectFrom('customers')
    .select('address')
    .where(sql<boolean>`lower(email) = lower(${quote.email})`)
    .executeTakeFirst();
  // The quote's property, unless the office typed an address (contract-spec §4): its address is then the order's.
  const propertyId = input.address || quote.property_id == null ? null : Number(quote.property_id);
  const property =
    propertyId === null ? undefined : await trx.selectFrom('properties').select('address').where('id', '=', propertyId).executeTakeFirst();
  const address = input.address ?? property?.address ?? profile?.address?.trim();
  if (!address)
    throw new InvalidInputError('address_required', "The customer's profile has no address: enter the service address.", 'address');
  const description = input.description ?? (quote.description?.trim() || `Work for Quote #${quoteId}`);
  const { id } = await trx
    .insertInto('work_orders')
    .values({ email: quote.email, description, address, status: 'Pending', quote_id: quoteId, property_id: property ? propertyId : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actor: meta.actor,
    action: 'create-from-quote',
    entity: 'work_order',
    entityId: Number(id),
    after: { quoteId, email: quote.email, description, address, status: 'Pending' },
    ip: meta.ip,
  });
  return getOfficeWorkOrderById(trx, Number(id), timeZone);
}
