import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { changeOrderDraftSchema } from '../../../contracts/office/change-orders';
import { changeLinesBetween, changeOrderFigures, contractSubtotal } from '../../../domain/change-orders/contract';
import { NotFoundError } from '../../../domain/errors';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { changeOrderSent } from './errors';
import { loadContractState } from './contract-state';

export type ChangeOrderDraft = z.output<typeof changeOrderDraftSchema>;

/**
 * 'Save draft': the editor sends the contract's lines as they should become; what changed against the
 * contract as it stands now (added, removed, changed lines with their old values) and the figures are
 * stored with the reason, added days and answer-by. A sent change order is refused (the database too).
 */
export async function saveChangeOrderDraft(
  db: Db,
  meta: RequestMeta,
  { id, draft }: { id: number; draft: ChangeOrderDraft },
): Promise<void> {
  const order = (
    await sql<{
      quote_id: number | string;
      status: string;
    }>`SELECT quote_id, status FROM change_orders WHERE id = ${id} FOR UPDATE`.execute(db)
  ).rows[0];
  if (!order) throw new NotFoundError('Change order not found.');
  if (order.status !== 'Draft') throw changeOrderSent();
  const state = (await loadContractState(db, Number(order.quote_id)))!;
  const changes = changeLinesBetween(
    state.lines,
    draft.lines.map((line) => ({ ...line, key: line.key ?? `co-${randomUUID()}` })),
  );
  const figures = changeOrderFigures(contractSubtotal(state.lines), state.taxRate, changes);
  await sql`DELETE FROM change_order_lines WHERE change_order_id = ${id}`.execute(db);
  for (const [index, line] of changes.entries()) {
    await sql`
      INSERT INTO change_order_lines (change_order_id, position, description, quantity, unit_price, line_total, change, line_key,
                                      old_description, old_quantity, old_unit_price, old_line_total)
      VALUES (${id}, ${index + 1}, ${line.description}, ${line.quantity}, ${line.unitPrice}, ${line.lineTotal}, ${line.change}, ${line.key},
              ${line.old?.description ?? null}, ${line.old?.quantity ?? null}, ${line.old?.unitPrice ?? null}, ${line.old?.lineTotal ?? null})`.execute(
      db,
    );
  }
  await sql`
    UPDATE change_orders
       SET reason = ${draft.reason}, added_days = ${draft.addedDays}, answer_by = ${draft.answerBy}, tax_rate = ${state.taxRate},
           subtotal_before = ${figures.subtotalBefore}, subtotal_after = ${figures.subtotalAfter},
           total_before = ${figures.totalBefore}, total_after = ${figures.totalAfter}, amount = ${figures.amount},
           base_approved = ${state.approvedCount}
     WHERE id = ${id}`.execute(db);
  await audit(db, {
    actor: meta.actor,
    action: 'save-change-order-draft',
    entity: 'change-order',
    entityId: id,
    after: {
      reason: draft.reason,
      addedDays: draft.addedDays,
      answerBy: draft.answerBy,
      amount: figures.amount,
      lines: changes.map((c) => ({ change: c.change, description: c.description, lineTotal: c.lineTotal })),
    },
    ip: meta.ip,
  });
}
