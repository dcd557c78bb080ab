import { sql } from 'kysely';
import type { OfficeWorkOrderPage } from '../../../contracts/office/work-orders';
import { workOrderStatuses, type WorkOrderStatus } from '../../../domain/work-orders';
import type { Db } from '../../platform/db/customer-scope';
import { isoTime } from '../../platform/db/columns';
import { officeScheduleView } from './schedule-view';
import { exactTime, pageOf } from '../../platform/db/keyset';
import { foldedContaining, matchingCustomerEmails } from '../customers/repository';
import { afterKey } from '../../platform/http/paging';

export interface OfficeWorkOrderFilter {
  status?: WorkOrderStatus | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  scheduled?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/**
 * The orders whose description, address or e-mail holds q, or whose customer's name, e-mail, phone,
 * address or account # does, accent- and case-blind: each half from its trigram index (migration
 * 080), so the search never reads every order. Used as `= ANY(ARRAY(...))` for the reason given in
 * quotes/list-office-quotes.ts (quoteIdsMatching).
 */
function workOrderIdsMatching(db: Db, q: string) {
  const own = db
    .selectFrom('work_orders as m')
    .select('m.id')
    .where(sql<boolean>`m.search_text LIKE ${foldedContaining(q)}`);
  const byCustomer = db
    .selectFrom('work_orders as m')
    .select('m.id')
    .where(sql<boolean>`lower(m.email) = ANY(ARRAY(${matchingCustomerEmails(db, q)}))`);
  return own.union(byCustomer);
}

/**
 * Every customer's work orders, newest submitted first, one keyset page (work_orders_submitted_idx,
 * or work_orders_status_submitted_idx with a status), each with its customer (one join) and its
 * visit, and the count per status under the same search and dates.
 * - q: see workOrderIdsMatching.
 * - from/to: days in timeZone (COMPANY_TIMEZONE) of submitted_at, turned into a range of instants
 *   (the index on submitted_at serves it); scheduled: the visit's day.
 */
export async function listOfficeWorkOrders(db: Db, filter: OfficeWorkOrderFilter, timeZone: string): Promise<OfficeWorkOrderPage> {
  const after = afterKey(filter.after, ['time', 'number'] as const);
  const filtered = () => {
    let query = db.selectFrom('work_orders as w');
    if (filter.q) query = query.where(sql<boolean>`w.id = ANY(ARRAY(${workOrderIdsMatching(db, filter.q)}))`);
    if (filter.from) query = query.where(sql<boolean>`w.submitted_at >= (${filter.from}::date::timestamp AT TIME ZONE ${timeZone})`);
    if (filter.to) query = query.where(sql<boolean>`w.submitted_at < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${timeZone})`);
    if (filter.scheduled) query = query.where(sql<boolean>`w.scheduled_date = ${filter.scheduled}::date`);
    return query;
  };

  let pageQuery = filtered()
    .leftJoin('customers as c', (join) => join.on(sql`lower(c.email)`, '=', sql`lower(w.email)`))
    .select([
      'w.id',
      'w.description',
      'w.address',
      'w.status',
      'w.submitted_at',
      'w.email',
      'c.id as customer_id',
      'c.name as customer_name',
      sql<string | null>`to_char(w.scheduled_date, 'YYYY-MM-DD')`.as('scheduled_date'),
      'w.arrival_start',
      'w.arrival_end',
    ])
    .select(exactTime('w.submitted_at').as('sort_at'));
  if (filter.status) pageQuery = pageQuery.where('w.status', '=', filter.status);
  if (after) pageQuery = pageQuery.where(sql<boolean>`(w.submitted_at, w.id) < (${after[0]}::timestamptz, ${after[1]})`);
  const rows = await pageQuery
    .orderBy('w.submitted_at', 'desc')
    .orderBy('w.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const counted = await filtered()
    .select(['w.status', sql<string>`count(*)`.as('n')])
    .groupBy('w.status')
    .execute();

  const counts = Object.fromEntries(workOrderStatuses.map((status) => [status, 0])) as OfficeWorkOrderPage['counts'];
  for (const row of counted) if (row.status in counts) counts[row.status as WorkOrderStatus] = Number(row.n);
  const { page, nextCursor } = pageOf(rows, filter.limit, (row) => [row.sort_at, Number(row.id)]);
  return {
    workOrders: page.map((row) => ({
      id: Number(row.id),
      description: row.description,
      address: row.address,
      status: row.status as WorkOrderStatus,
      submittedAt: isoTime(row.submitted_at),
      customer: { id: row.customer_id == null ? null : Number(row.customer_id), name: row.customer_name, email: row.email },
      schedule: row.status === 'Cancelled' ? null : officeScheduleView(row, timeZone),
    })),
    counts,
    nextCursor,
  };
}
