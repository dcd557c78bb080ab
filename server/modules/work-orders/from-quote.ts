import { sql } from 'kysely';
import type { CreateWorkOrderFromQuote, OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import { withOfficeScope } from '../../platform/db/office-scope';
import { AppError } from '../../platform/http/errors';
import { audit } from '../audit/audit';
import type { Actor, OfficeActionDeps } from './office-actions';
import { loadOfficeWorkOrder } from './office-detail';

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

/**
 * 'Create work order' on an Approved quote (office-spec section 4): a Pending order for the quote's
 * customer e-mail, linked by quote_id. The description is the quote's and the address the
 * customer's profile's unless the office gives them. Only from an Approved quote (the status is read
 * as the quotes table says it, whoever set it), and once per quote (a unique index settles a race).
 */
export async function createFromQuote(
  deps: OfficeActionDeps,
  actor: Actor,
  quoteId: number,
  input: CreateWorkOrderFromQuote,
): Promise<OfficeWorkOrder> {
  try {
    return await withOfficeScope(deps.db, actor.email, async (trx) => {
      const quote = await trx
        .selectFrom('quotes')
        .select(['id', 'email', 'description', 'status'])
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
      const profile = await trx
        .selectFrom('customers')
        .select('address')
        .where(sql<boolean>`lower(email) = lower(${quote.email})`)
        .executeTakeFirst();
      const address = input.address ?? profile?.address?.trim();
      if (!address) throw new AppError(400, 'address_required', "The customer's profile has no address: enter the service address.");
      const description = input.description ?? (quote.description?.trim() || `Work for Quote #${quoteId}`);
      const { id } = await trx
        .insertInto('work_orders')
        .values({ email: quote.email, description, address, status: 'Pending', quote_id: quoteId })
        .returning('id')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        actor: actor.email,
        action: 'create-from-quote',
        entity: 'work_order',
        entityId: Number(id),
        after: { quoteId, email: quote.email, description, address, status: 'Pending' },
        ip: actor.ip,
      });
      return loadOfficeWorkOrder(trx, Number(id), deps.config.company.timeZone);
    });
  } catch (err) {
    if (isSecondOrderForQuote(err)) throw alreadyHasOrder(quoteId);
    throw err;
  }
}
