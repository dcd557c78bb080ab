import { sql } from 'kysely';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { companyToday } from './company-day';

/** Statuses of a quote that no longer answers its request: the office may write another one. */
const CLOSED_QUOTE_STATUSES = ['Declined', 'Expired'];
/** A request still waiting for work; a Complete or Cancelled one gets no quote. */
const OPEN_REQUEST_STATUSES = ['Pending', 'In Progress'];

/**
 * 'Create quote' on a work request (issue 22): a Draft quote for the request's customer (its e-mail),
 * with the request's description, linked to it (quotes.work_order_id), valid for 30 days of the
 * company's calendar (as a new quote in the editor). The office then writes its lines in the editor.
 * One open quote per request: a second one while the first is Draft, Sent, Revision Requested or
 * Approved answers 409 naming it; an order that already comes from a quote is no request.
 */
export async function createQuoteFromRequest(
  db: Db,
  meta: RequestMeta,
  { workOrderId, timeZone, depositPercent = 0 }: { workOrderId: number; timeZone: string; depositPercent?: number },
): Promise<number> {
  const order = await db
    .selectFrom('work_orders')
    .select(['id', 'email', 'description', 'address', 'status', 'quote_id'])
    .where('id', '=', workOrderId)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw new NotFoundError('Work order not found.');
  if (order.quote_id != null) {
    throw new WrongStateError('request_has_quote', `Work Order #${workOrderId} comes from Quote #${order.quote_id} already.`);
  }
  if (!OPEN_REQUEST_STATUSES.includes(order.status)) {
    throw new WrongStateError('request_closed', `Work Order #${workOrderId} is ${order.status}: it needs no quote.`);
  }
  const open = await db
    .selectFrom('quotes')
    .select('id')
    .where('work_order_id', '=', workOrderId)
    .where('status', 'not in', CLOSED_QUOTE_STATUSES)
    .executeTakeFirst();
  if (open) throw new WrongStateError('request_quoted', `Work Order #${workOrderId} already has Quote #${open.id}.`);

  const { id } = await db
    .insertInto('quotes')
    .values({ email: order.email, description: order.description, total: '0.00', status: 'Draft', work_order_id: workOrderId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const quoteId = Number(id);
  const { rows } = await sql<{ valid_until: string }>`
    INSERT INTO quote_versions (quote_id, version, description, subtotal, tax_rate, tax, total, valid_until, created_by, deposit_percent)
    VALUES (${quoteId}, 1, ${order.description}, 0, 0, 0, 0, ${companyToday(timeZone)} + 30, ${meta.actor}, ${depositPercent})
    RETURNING to_char(valid_until, 'YYYY-MM-DD') AS valid_until`.execute(db);
  await audit(db, {
    actor: meta.actor,
    action: 'create-quote',
    entity: 'quote',
    entityId: quoteId,
    after: {
      workOrderId,
      email: order.email,
      status: 'Draft',
      version: 1,
      description: order.description,
      address: order.address,
      validUntil: rows[0]!.valid_until,
    },
    ip: meta.ip,
  });
  return quoteId;
}
