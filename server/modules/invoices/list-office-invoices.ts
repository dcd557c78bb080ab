import { sql } from 'kysely';
import type { OfficeInvoicePage, WorkOrderInvoicing } from '../../../contracts/office/invoices';
import { NotFoundError } from '../../../domain/errors';
import { formatCents, parseCents } from '../../../domain/money';
import type { Db } from '../../platform/db/customer-scope';
import { pageOf } from '../../platform/db/keyset';
import { afterKey } from '../../platform/http/paging';
import { matchingCustomerEmails } from '../customers/repository';
import { contractPosition } from './contract-position';
import { officeInvoiceRow } from './mappers';
import { findInvoices, invoiceColumns, toInvoiceRow, type InvoiceRow } from './repository';

export interface OfficeInvoiceFilter {
  status?: string | undefined;
  q?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/** 'INV-0012', 'inv12', '12' -> 'INV-0012' (invoice_number_text), or undefined when q is no number. */
export function numberOf(q: string): string | undefined {
  const match = /^(?:inv-?)?0*(\d{1,9})$/i.exec(q.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  return `INV-${n < 10000 ? String(n).padStart(4, '0') : String(n)}`;
}

/**
 * /office/invoices: newest first, one keyset page on (created_at, id); filtered by the listed status
 * ('Overdue': an open invoice past its due date in the company's zone); searched by invoice number or
 * by the customer's name, e-mail, phone, address or account # (accent-blind, as the other lists);
 * with the count per listed status and the totals outstanding and overdue under the same search.
 */
export async function listOfficeInvoices(db: Db, filter: OfficeInvoiceFilter, timeZone: string): Promise<OfficeInvoicePage> {
  const after = afterKey(filter.after, ['time', 'number'] as const);
  const today = sql`(now() AT TIME ZONE ${sql.lit(timeZone)})::date`;
  const listed = sql`invoice_listed_status(i.status, i.due_date, ${today})`;
  const number = filter.q ? numberOf(filter.q) : undefined;
  const searched = filter.q
    ? sql`(${number ? sql`i.number = ${number} OR ` : sql``}lower(i.email) = ANY(ARRAY(${matchingCustomerEmails(db, filter.q)})))`
    : sql`true`;
  const byStatus = filter.status ? sql`${listed} = ${filter.status}` : sql`true`;
  const afterRow = after ? sql`(i.created_at, i.id) < (${after[0]}::timestamptz, ${after[1]})` : sql`true`;

  const { rows } = await sql<InvoiceRow & { sort_at: string }>`
    SELECT ${invoiceColumns(timeZone)}, to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS sort_at
      FROM invoices i
     WHERE ${searched} AND ${byStatus} AND ${afterRow}
     ORDER BY i.created_at DESC, i.id DESC
     LIMIT ${filter.limit + 1}`.execute(db);
  const counts = await sql<{ status: string; n: string; open: string }>`
    SELECT ${listed} AS status, count(*)::text AS n, coalesce(sum(i.total - i.amount_paid), 0)::numeric(14,2)::text AS open
      FROM invoices i WHERE ${searched} GROUP BY 1`.execute(db);

  const { page, nextCursor } = pageOf(rows, filter.limit, (row) => [row.sort_at, Number(row.id)]);
  const open = (statuses: string[]) =>
    formatCents(counts.rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + parseCents(r.open), 0n));
  return {
    invoices: page.map((row) => officeInvoiceRow(toInvoiceRow(row))),
    counts: Object.fromEntries(counts.rows.map((r) => [r.status, Number(r.n)])),
    totals: { outstanding: open(['Sent', 'Partially Paid', 'Overdue']), overdue: open(['Overdue']) },
    nextCursor,
  };
}

/** A work order's contract as invoices draw from it, and its invoices (the work order page, 'New invoice'). */
export async function getWorkOrderInvoicing(db: Db, workOrderId: number, timeZone: string): Promise<WorkOrderInvoicing> {
  const order = (await sql<{ quote_id: number | string | null }>`SELECT quote_id FROM work_orders WHERE id = ${workOrderId}`.execute(db))
    .rows[0];
  if (!order) throw new NotFoundError('Work order not found.');
  const quoteId = order.quote_id == null ? null : Number(order.quote_id);
  const position = quoteId === null ? undefined : await contractPosition(db, quoteId, false);
  // The order's own invoices and its contract's deposit (issued at approval, before the order existed).
  const invoices = await findInvoices(
    db,
    quoteId === null
      ? sql`i.work_order_id = ${workOrderId}`
      : sql`(i.work_order_id = ${workOrderId} OR (i.work_order_id IS NULL AND i.quote_id = ${quoteId}))`,
    timeZone,
  );
  const contractTotal = position?.contractTotal ?? null;
  const invoiced = position?.invoiced ?? '0.00';
  return {
    workOrderId,
    quoteId: contractTotal === null ? null : quoteId,
    contractTotal,
    invoiced,
    remaining: contractTotal === null ? '0.00' : formatCents(parseCents(contractTotal) - parseCents(invoiced)),
    invoices: invoices.map(officeInvoiceRow),
  };
}
