import { sql } from 'kysely';
import type { OfficeWorkOrderPage } from '../../../contracts/office/work-orders';
import { workOrderStatuses, type WorkOrderStatus } from '../../../domain/work-orders';
import type { Db } from '../../platform/db/customer-scope';
import { isoTime } from '../../platform/db/columns';
import { exactTime, pageOf } from '../../platform/db/keyset';
import { containsPattern } from '../../platform/db/like';
import { afterKey } from '../office/paging';

export interface OfficeWorkOrderFilter {
  status?: WorkOrderStatus | undefined;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/**
 * Every customer's work orders, newest submitted first, one keyset page (work_orders_submitted_idx,
 * or work_orders_status_submitted_idx with a status), each with its customer (one join), and the
 * count per status under the same search and dates.
 */
export async function listOfficeWorkOrders(db: Db, filter: OfficeWorkOrderFilter): Promise<OfficeWorkOrderPage> {
  const after = afterKey(filter.after, ['string', 'number'] as const);
  const filtered = () => {
    let query = db.selectFrom('work_orders as w');
    if (filter.q) {
      const pattern = containsPattern(filter.q);
      query = query.where((eb) =>
        eb.or([eb('w.description', 'ilike', pattern), eb('w.address', 'ilike', pattern), eb('w.email', 'ilike', pattern)]),
      );
    }
    if (filter.from) query = query.where('w.request_date', '>=', filter.from);
    if (filter.to) query = query.where('w.request_date', '<=', filter.to);
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
    })),
    counts,
    nextCursor,
  };
}
