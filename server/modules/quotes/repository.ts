import { sql } from 'kysely';
import type { Quote } from '../../../contracts/customer/quotes';
import { isoTime } from '../../platform/db/columns';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { toQuote, type RawHistoryEntry } from './mappers';

/**
 * The customer's quotes, newest created first, each with its status log oldest first,
 * in ONE query: the log is aggregated per quote in a correlated subquery (no query per quote).
 */
export async function listForCustomer(db: Db, email: string): Promise<Quote[]> {
  const rows = await db
    .selectFrom('quotes')
    .select([
      'quotes.id',
      'quotes.description',
      'quotes.created_at',
      'quotes.total',
      'quotes.status',
      sql<RawHistoryEntry[]>`coalesce((
        select json_agg(json_build_object('status', log.status, 'timestamp', log."timestamp")
                        order by log."timestamp", log.id)
        from quote_status_log as log
        where log.quote_id = quotes.id
        -- 'Draft' is never shown to the customer for a quote the office wrote (office-spec section 3); a quote put in
        -- with SQL (no versions) shows its whole log, as the portal spec says.
        and not (log.status = 'Draft' and quotes.current_version is not null)
      ), '[]'::json)`.as('history'),
    ])
    .where(ownedBy(email, 'quotes.email'))
    .orderBy('quotes.created_at', 'desc')
    .orderBy('quotes.id', 'desc')
    .execute();

  return rows.map(toQuote);
}

/** The quote if this customer owns it; undefined for another customer's quote and for an unknown id alike. */
export async function findOwned(db: Db, quoteId: number, email: string) {
  return db
    .selectFrom('quotes')
    .select(['quotes.id', 'quotes.description'])
    .where('quotes.id', '=', quoteId)
    .where(ownedBy(email, 'quotes.email'))
    .executeTakeFirst();
}

export async function insertRevisionRequest(db: Db, request: { quoteId: number; email: string; message: string }) {
  const row = await db
    .insertInto('quote_requests')
    .values({ quote_id: request.quoteId, email: request.email, message: request.message, requested_at: new Date() })
    .returning(['id', 'requested_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), requestedAt: isoTime(row.requested_at) };
}
