import { sql } from 'kysely';
import { NotFoundError } from '../../../domain/errors';
import { changeOrderFigures, contractSubtotal } from '../../../domain/change-orders/contract';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { noSignedVersion, quoteNotApproved } from './errors';
import { loadContractState } from './contract-state';

export type CreateChangeOrderInput = { quoteId: number; workOrderId?: undefined } | { workOrderId: number; quoteId?: undefined };

/**
 * 'New change order' on an approved quote or on a work order made from one: a Draft numbered next on
 * its quote, starting from the contract as it stands (no line changed yet). A quote has one draft at a
 * time: asking again opens it (`created: false`, nothing written).
 */
export async function createChangeOrder(
  db: Db,
  meta: RequestMeta,
  input: CreateChangeOrderInput,
): Promise<{ id: number; created: boolean }> {
  let quoteId = input.quoteId;
  const workOrderId = input.workOrderId ?? null;
  if (workOrderId !== null) {
    const order = (await sql<{ quote_id: number | string | null }>`SELECT quote_id FROM work_orders WHERE id = ${workOrderId}`.execute(db))
      .rows[0];
    if (!order) throw new NotFoundError('Work order not found.');
    if (order.quote_id == null) throw quoteNotApproved();
    quoteId = Number(order.quote_id);
  }
  const quote = (await sql<{ status: string }>`SELECT status FROM quotes WHERE id = ${quoteId!} FOR UPDATE`.execute(db)).rows[0];
  if (!quote) throw new NotFoundError('Quote not found.');
  if (quote.status !== 'Approved') throw quoteNotApproved();
  const draft = (
    await sql<{ id: number | string }>`SELECT id FROM change_orders WHERE quote_id = ${quoteId!} AND status = 'Draft'`.execute(db)
  ).rows[0];
  if (draft) return { id: Number(draft.id), created: false };
  const state = (await loadContractState(db, quoteId!))!;
  if (state.signedVersion === null) throw noSignedVersion();
  const figures = changeOrderFigures(contractSubtotal(state.lines), state.taxRate, []);
  const row = (
    await sql<{ id: number | string; number: number }>`
      INSERT INTO change_orders (quote_id, number, created_by, work_order_id, tax_rate, subtotal_before, subtotal_after,
                                 total_before, total_after, amount, base_approved)
      SELECT ${quoteId!}, coalesce(max(number), 0) + 1, ${meta.actor}, ${workOrderId ?? state.workOrderId}, ${state.taxRate},
             ${figures.subtotalBefore}, ${figures.subtotalAfter}, ${figures.totalBefore}, ${figures.totalAfter}, ${figures.amount},
             ${state.approvedCount}
        FROM change_orders WHERE quote_id = ${quoteId!}
      RETURNING id, number`.execute(db)
  ).rows[0]!;
  const id = Number(row.id);
  await audit(db, {
    actor: meta.actor,
    action: 'create-change-order',
    entity: 'change-order',
    entityId: id,
    after: { quoteId, number: row.number, workOrderId, contractTotal: state.contractTotal },
    ip: meta.ip,
  });
  return { id, created: true };
}
