import { sql } from 'kysely';
import { applyChangeOrder } from '../../../domain/change-orders/contract';
import type { ContractLine } from '../../../domain/change-orders/types';
import type { Db } from '../../platform/db/customer-scope';
import { loadChangeOrderRows, loadLines, toContractLine, type LineRow } from './repository';

/** The contract of a quote as it stands: what was signed, and what approved change orders made of it. */
export interface ContractState {
  quoteId: number;
  email: string;
  status: string;
  /** The signed total (the approval's, or the total of an Approved quote put in with plain SQL). */
  signedTotal: string | null;
  /** contract_total(quote_id): the one definition. */
  contractTotal: string | null;
  /** The signed version (null for a quote put in with plain SQL: no lines to change). */
  signedVersion: number | null;
  taxRate: string;
  lines: ContractLine[];
  approvedCount: number;
  workOrderId: number | null;
}

export async function loadContractState(db: Db, quoteId: number): Promise<ContractState | undefined> {
  const quote = (
    await sql<{
      email: string;
      status: string;
      contract_total: string | null;
      signed_total: string | null;
      version: number | null;
      optional_ids: (number | string)[] | null;
      tax_rate: string | null;
      work_order_id: number | string | null;
    }>`
      SELECT q.email, q.status, contract_total(q.id)::text AS contract_total,
             CASE WHEN q.status = 'Approved' THEN coalesce(a.total, q.total)::text END AS signed_total,
             a.version, a.optional_item_ids AS optional_ids, v.tax_rate::text AS tax_rate,
             (SELECT w.id FROM work_orders w WHERE w.quote_id = q.id ORDER BY w.id LIMIT 1) AS work_order_id
        FROM quotes q
        LEFT JOIN LATERAL (SELECT * FROM quote_approvals qa WHERE qa.quote_id = q.id AND qa.decision = 'Approved'
                            ORDER BY qa.decided_at DESC, qa.id DESC LIMIT 1) a ON true
        LEFT JOIN quote_versions v ON v.quote_id = q.id AND v.version = a.version
       WHERE q.id = ${quoteId}`.execute(db)
  ).rows[0];
  if (!quote) return undefined;
  const chosen = (quote.optional_ids ?? []).map(Number);
  const signed =
    quote.version == null
      ? []
      : (
          await sql<LineRow>`
            SELECT line_key AS key, description, quantity::text AS quantity, unit_price::text AS unit_price, line_total::text AS line_total
              FROM quote_line_items
             WHERE quote_id = ${quoteId} AND version = ${quote.version}
               AND (NOT optional OR id = ANY (${`{${chosen.join(',')}}`}::bigint[]))
             ORDER BY position`.execute(db)
        ).rows.map(toContractLine);
  const approved = await loadChangeOrderRows(db, quoteId, 'approved');
  const linesByOrder = await loadLines(
    db,
    approved.map((r) => Number(r.id)),
  );
  const lines = approved.reduce((contract, row) => applyChangeOrder(contract, linesByOrder.get(Number(row.id)) ?? []), signed);
  return {
    quoteId,
    email: quote.email,
    status: quote.status,
    signedTotal: quote.signed_total,
    contractTotal: quote.contract_total,
    signedVersion: quote.version == null ? null : Number(quote.version),
    taxRate: quote.tax_rate ?? '0.000',
    lines,
    approvedCount: approved.length,
    workOrderId: quote.work_order_id == null ? null : Number(quote.work_order_id),
  };
}
