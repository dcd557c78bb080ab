import { sql } from 'kysely';
import type { ContractView } from '../../../contracts/change-order-document';
import type { OfficeChangeOrder } from '../../../contracts/office/change-orders';
import { NotFoundError } from '../../../domain/errors';
import type { Db } from '../../platform/db/customer-scope';
import { actingPeople, actingPerson } from '../people/repository';
import { loadContractState } from './contract-state';
import { changeOrderViews, loadChangeOrderRows, quoteOfChangeOrder } from './repository';

/**
 * A quote's contract total and change orders, oldest first: for the customer (in their scope, row-level
 * security leaves their own quote and sent change orders only) or the office (drafts too).
 */
export async function getContract(db: Db, quoteId: number, audience: 'customer' | 'office'): Promise<ContractView | undefined> {
  const state = await loadContractState(db, quoteId);
  if (!state) return undefined;
  const rows = await loadChangeOrderRows(db, quoteId, audience === 'office' ? 'all' : 'sent');
  if (audience === 'customer') await markOpened(db, quoteId);
  return {
    quoteId,
    contractTotal: state.contractTotal,
    signedTotal: state.signedTotal,
    changeOrders: (await changeOrderViews(db, rows)).map((v) => v.view),
  };
}

/**
 * The customer has now seen the quote's sent change orders: the first time is recorded
 * (change_orders.viewed_at; sql/signatures.sql writes the 'first_opened' event the certificate lists).
 */
async function markOpened(db: Db, quoteId: number): Promise<void> {
  await sql`UPDATE change_orders SET viewed_at = now()
             WHERE quote_id = ${quoteId} AND status = 'Sent' AND viewed_at IS NULL`.execute(db);
}

/** The contract of a work order's quote; null when the order was not made from a quote, undefined when there is no such order. */
export async function getWorkOrderContract(
  db: Db,
  workOrderId: number,
  audience: 'customer' | 'office',
): Promise<ContractView | null | undefined> {
  const order = (await sql<{ quote_id: number | string | null }>`SELECT quote_id FROM work_orders WHERE id = ${workOrderId}`.execute(db))
    .rows[0];
  if (!order) return undefined;
  if (order.quote_id == null) return null;
  return (await getContract(db, Number(order.quote_id), audience)) ?? null;
}

/** One change order for the office: the document, the contract as it stands now, and where the decision came from. */
export async function getOfficeChangeOrder(db: Db, id: number): Promise<OfficeChangeOrder> {
  const quoteId = await quoteOfChangeOrder(db, id);
  if (quoteId === undefined) throw new NotFoundError('Change order not found.');
  const state = (await loadContractState(db, quoteId))!;
  const rows = await loadChangeOrderRows(db, quoteId, { id });
  const [one] = await changeOrderViews(db, rows);
  const row = rows[0]!;
  // Who of the account decided (contract-spec §4: the office sees that name).
  const decidedFrom = one!.from;
  const people = await actingPeople(db, [decidedFrom?.personId]);
  const customer = (
    await sql<{ name: string | null }>`SELECT name FROM customers WHERE lower(email) = lower(${state.email}) LIMIT 1`.execute(db)
  ).rows[0];
  return {
    changeOrder: one!.view,
    customer: { email: state.email, name: customer?.name ?? null },
    workOrderId: row.work_order_id == null ? state.workOrderId : Number(row.work_order_id),
    contractLines: state.lines,
    contractTotal: state.contractTotal ?? '0.00',
    taxRate: state.taxRate,
    decidedFrom: decidedFrom && {
      ip: decidedFrom.ip,
      userAgent: decidedFrom.userAgent,
      person: actingPerson(people, decidedFrom.personId),
    },
  };
}
