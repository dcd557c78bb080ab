import { sql } from 'kysely';
import { signedChangeOrderFileName, type ChangeLineView, type ChangeOrderView } from '../../../contracts/change-order-document';
import type { ChangeLine, ContractLine } from '../../../domain/change-orders/types';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';

/**
 * Change orders' queries, in raw SQL over the tables of migration 085 (their Kysely types stay here,
 * with the module). Ids come back as numbers from PGlite and as strings from pg: Number() them.
 */

export interface LineRow {
  key: string;
  description: string;
  quantity: string;
  unit_price: string;
  line_total: string;
}
export const toContractLine = (r: LineRow): ContractLine => ({
  key: r.key,
  description: r.description,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  lineTotal: r.line_total,
});

export interface ChangeOrderRow {
  id: number | string;
  quote_id: number | string;
  number: number;
  status: ChangeOrderView['status'];
  stored_status: ChangeOrderView['status'];
  reason: string;
  added_days: number;
  answer_by: string | null;
  amount: string;
  tax_rate: string;
  subtotal_before: string;
  subtotal_after: string;
  total_before: string;
  total_after: string;
  base_approved: number;
  sent_at: Date | string | null;
  content_hash: string | null;
  created_by: string | null;
  work_order_id: number | string | null;
  approved_now: number | string;
}

/** A quote's change orders, oldest first: every one, those the customer may see, or the approved ones in the order they were approved. */
export async function loadChangeOrderRows(
  db: Db,
  quoteId: number,
  which: 'all' | 'sent' | 'approved' | { id: number },
): Promise<ChangeOrderRow[]> {
  const filter =
    which === 'all'
      ? sql`true`
      : which === 'sent'
        ? sql`c.sent_at IS NOT NULL`
        : which === 'approved'
          ? sql`c.status = 'Approved'`
          : sql`c.id = ${which.id}`;
  const order = which === 'approved' ? sql`c.base_approved, c.id` : sql`c.number`;
  return (
    await sql<ChangeOrderRow>`
      SELECT c.id, c.quote_id, c.number,
             change_order_listed_status(c.status, c.answer_by, (now() AT TIME ZONE c.time_zone)::date) AS status,
             c.status AS stored_status, c.reason, c.added_days, to_char(c.answer_by, 'YYYY-MM-DD') AS answer_by,
             c.amount::text AS amount, c.tax_rate::text AS tax_rate, c.subtotal_before::text AS subtotal_before,
             c.subtotal_after::text AS subtotal_after, c.total_before::text AS total_before, c.total_after::text AS total_after,
             c.base_approved, c.sent_at, c.content_hash, c.created_by, c.work_order_id,
             (SELECT count(*) FROM change_orders o WHERE o.quote_id = c.quote_id AND o.status = 'Approved') AS approved_now
        FROM change_orders c
       WHERE c.quote_id = ${quoteId} AND ${filter}
       ORDER BY ${order}`.execute(db)
  ).rows;
}

/** The change order's quote, or undefined when there is none (or the role may not see it). */
export async function quoteOfChangeOrder(db: Db, id: number): Promise<number | undefined> {
  const row = (await sql<{ quote_id: number | string }>`SELECT quote_id FROM change_orders WHERE id = ${id}`.execute(db)).rows[0];
  return row ? Number(row.quote_id) : undefined;
}

interface StoredLine extends LineRow {
  change_order_id: number | string;
  change: ChangeLine['change'];
  old_description: string | null;
  old_quantity: string | null;
  old_unit_price: string | null;
  old_line_total: string | null;
}

export async function loadLines(db: Db, ids: number[]): Promise<Map<number, ChangeLine[]>> {
  const byOrder = new Map<number, ChangeLine[]>();
  if (!ids.length) return byOrder;
  const rows = (
    await sql<StoredLine>`
      SELECT change_order_id, line_key AS key, description, quantity::text AS quantity, unit_price::text AS unit_price,
             line_total::text AS line_total, change, old_description, old_quantity::text AS old_quantity,
             old_unit_price::text AS old_unit_price, old_line_total::text AS old_line_total
        FROM change_order_lines WHERE change_order_id = ANY (${`{${ids.join(',')}}`}::bigint[])
       ORDER BY change_order_id, position`.execute(db)
  ).rows;
  for (const r of rows) {
    const line: ChangeLine = {
      ...toContractLine(r),
      change: r.change,
      old:
        r.old_line_total == null
          ? null
          : {
              key: r.key,
              description: r.old_description!,
              quantity: r.old_quantity!,
              unitPrice: r.old_unit_price!,
              lineTotal: r.old_line_total,
            },
    };
    const list = byOrder.get(Number(r.change_order_id)) ?? [];
    list.push(line);
    byOrder.set(Number(r.change_order_id), list);
  }
  return byOrder;
}

interface DecisionRow {
  change_order_id: number | string;
  decision: 'Approved' | 'Declined';
  signer_name: string | null;
  reason: string | null;
  decided_at: Date | string;
  ip: string | null;
  user_agent: string | null;
  content_hash: string;
  pdf_sha256: string | null;
  person_id: string | null;
}

export async function loadDecisions(db: Db, ids: number[]): Promise<Map<number, DecisionRow>> {
  if (!ids.length) return new Map();
  const rows = (
    await sql<DecisionRow>`SELECT * FROM change_order_approvals WHERE change_order_id = ANY (${`{${ids.join(',')}}`}::bigint[])`.execute(db)
  ).rows;
  return new Map(rows.map((r) => [Number(r.change_order_id), r]));
}

const view = (l: ChangeLine): ChangeLineView => ({ ...l, old: l.old });

/** The change orders as the API shows them, with their lines and decisions. */
export async function changeOrderViews(
  db: Db,
  rows: ChangeOrderRow[],
): Promise<{ view: ChangeOrderView; from: { ip: string | null; userAgent: string | null; personId: string | null } | null }[]> {
  const ids = rows.map((r) => Number(r.id));
  const [lines, decisions] = await Promise.all([loadLines(db, ids), loadDecisions(db, ids)]);
  return rows.map((r) => {
    const id = Number(r.id);
    const d = decisions.get(id);
    return {
      view: {
        id,
        quoteId: Number(r.quote_id),
        number: r.number,
        status: r.status,
        reason: r.reason,
        addedDays: r.added_days,
        answerBy: r.answer_by,
        lines: (lines.get(id) ?? []).map(view),
        amount: r.amount,
        totalBefore: r.total_before,
        totalAfter: r.total_after,
        sentAt: r.sent_at ? isoTime(r.sent_at) : null,
        contentHash: r.content_hash,
        outdated: r.stored_status === 'Sent' && Number(r.approved_now) !== r.base_approved,
        decision: d
          ? {
              decision: d.decision,
              signerName: d.signer_name,
              reason: d.reason,
              decidedAt: isoTime(d.decided_at),
              contentHash: d.content_hash,
              pdfSha256: d.pdf_sha256 ?? null,
            }
          : null,
      },
      from: d ? { ip: d.ip, userAgent: d.user_agent, personId: d.person_id } : null,
    };
  });
}

/** The signed PDF of an approved change order, within what `db`'s role may see (row-level security). */
export async function findSignedChangeOrderPdf(
  db: Db,
  changeOrderId: number,
): Promise<{ pdf: Uint8Array; quoteId: number; number: number; fileName: string } | undefined> {
  const row = await db
    .selectFrom('signed_documents')
    .select(['pdf', 'quote_id', 'version'])
    .where('change_order_id', '=', changeOrderId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const quoteId = Number(row.quote_id);
  return { pdf: row.pdf, quoteId, number: row.version, fileName: signedChangeOrderFileName(quoteId, row.version) };
}
