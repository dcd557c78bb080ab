import { sql } from 'kysely';
import type { OfficeQuotePage } from '../../../contracts/office/quotes';
import type { Db } from '../../platform/db/customer-scope';
import { isoTime } from '../../platform/db/columns';
import { exactTime, pageOf } from '../../platform/db/keyset';
import { foldedContaining, matchingCustomerEmails } from '../customers/repository';
import { afterKey } from '../../platform/http/paging';
import { companyTodayLiteral, listedStatus, listedTotal } from './listed';

export interface OfficeQuoteFilter {
  status?: string | undefined;
  q?: string | undefined;
  after?: string | undefined;
  limit: number;
}

/**
 * The quotes whose description or e-mail holds q, or whose customer's name, e-mail, phone, address
 * or account # does, accent- and case-blind: each half from its trigram index (migration 080), so
 * the search never reads every quote. Used as `= ANY(ARRAY(...))`: the planner cannot guess how
 * many rows a LIKE pattern matches ('jose' looked common to it) and would then read every quote to
 * hash-join them; an array of ids (and of customers' e-mails) is always looked up through the indexes.
 */
export function quoteIdsMatching(db: Db, q: string) {
  const own = db
    .selectFrom('quotes as m')
    .select('m.id')
    .where(sql<boolean>`m.search_text LIKE ${foldedContaining(q)}`);
  const byCustomer = db
    .selectFrom('quotes as m')
    .select('m.id')
    .where(sql<boolean>`lower(m.email) = ANY(ARRAY(${matchingCustomerEmails(db, q)}))`);
  return own.union(byCustomer);
}

/**
 * Every customer's quotes, newest first, one keyset page (quotes_created_idx, or
 * quotes_status_created_idx with a status), each with its customer when a customers row has the
 * quote's e-mail (one join on lower(email), no query per row) and its property's address, and the count per status under the
 * same search. Status and total as the customer sees them (listed.ts): a Sent quote past its
 * valid-until day (in timeZone, COMPANY_TIMEZONE) is listed, filtered and counted as Expired before
 * the job writes it; an approved quote shows its signed total.
 */
export async function listOfficeQuotes(db: Db, filter: OfficeQuoteFilter, timeZone: string): Promise<OfficeQuotePage> {
  const after = afterKey(filter.after, ['time', 'number'] as const);
  // The zone as a literal: the same text in SELECT and GROUP BY.
  const status = listedStatus('q', companyTodayLiteral(timeZone));
  const searched = () => {
    const query = db.selectFrom('quotes as q');
    if (!filter.q) return query;
    return query.where(sql<boolean>`q.id = ANY(ARRAY(${quoteIdsMatching(db, filter.q)}))`);
  };

  let pageQuery = searched()
    .leftJoin('customers as c', (join) => join.on(sql`lower(c.email)`, '=', sql`lower(q.email)`))
    // The property's address, as the work orders list shows theirs (a primary-key look-up per listed row).
    .leftJoin('properties as p', 'p.id', 'q.property_id')
    .select(['q.id', 'q.description', 'q.created_at', 'q.email', 'c.id as customer_id', 'c.name as customer_name', 'p.address'])
    .select([status.as('status'), listedTotal('q').as('total')])
    .select(exactTime('q.created_at').as('sort_at'));
  if (filter.status) {
    // The stored status first (quotes_status_created_idx), then the listed one: 'Expired' also finds Sent quotes past their day.
    const stored = filter.status === 'Expired' ? ['Expired', 'Sent'] : [filter.status];
    pageQuery = pageQuery.where('q.status', 'in', stored).where(status, '=', filter.status);
  }
  if (after) pageQuery = pageQuery.where(sql<boolean>`(q.created_at, q.id) < (${after[0]}::timestamptz, ${after[1]})`);
  const rows = await pageQuery
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(filter.limit + 1)
    .execute();
  const counts = await searched()
    .select([status.as('status'), sql<string>`count(*)`.as('n')])
    .groupBy(status)
    .execute();

  const { page, nextCursor } = pageOf(rows, filter.limit, (row) => [row.sort_at, Number(row.id)]);
  return {
    quotes: page.map((row) => ({
      id: Number(row.id),
      description: row.description ?? '',
      status: row.status,
      total: row.total,
      createdAt: isoTime(row.created_at),
      customer: { id: row.customer_id == null ? null : Number(row.customer_id), name: row.customer_name, email: row.email },
      address: row.address,
    })),
    counts: Object.fromEntries(counts.map((row) => [row.status, Number(row.n)])),
    nextCursor,
  };
}
