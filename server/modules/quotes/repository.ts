import { sql, type Kysely } from 'kysely';
import type { Quote, QuoteStatusEntry } from '../../../contracts/customer/quotes';
import { ownedBy } from '../../platform/db/ownership';
import type { Database } from '../../platform/db/schema';


interface RawHistoryEntry {
  status: string;
  timestamp: string;
}

const toIso = (value: Date | string): string => new Date(value).toISOString();

/** numeric(12,2) arrives as a string ("1234.50"); a driver that parsed it to a number is put back to 2 places. */
const toMoney = (value: string | number): string => (typeof value === 'number' ? value.toFixed(2) : value);

/**
 * The customer's quotes, newest created first, each with its status log oldest first,
 * in ONE query: the log is aggregated per quote in a correlated subquery (no query per quote).
 */
export async function listQuotesForCustomer(db: Kysely<Database>, email: string): Promise<Quote[]> {
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
      ), '[]'::json)`.as('history'),
    ])
    .where(ownedBy(email, 'quotes.email'))
    .orderBy('quotes.created_at', 'desc')
    .orderBy('quotes.id', 'desc')
    .execute();

  return rows.map((row) => ({
    id: Number(row.id),
    description: row.description ?? '',
    created_at: toIso(row.created_at),
    total: toMoney(row.total),
    status: row.status,
    history: row.history.map((entry): QuoteStatusEntry => ({ status: entry.status, timestamp: toIso(entry.timestamp) })),
  }));
}

/** The quote if this customer owns it; undefined for another customer's quote and for an unknown id alike. */
export async function findOwnedQuote(db: Kysely<Database>, quoteId: number, email: string) {
  return db
    .selectFrom('quotes')
    .select(['quotes.id', 'quotes.description'])
    .where('quotes.id', '=', quoteId)
    .where(ownedBy(email, 'quotes.email'))
    .executeTakeFirst();
}

export async function insertRevisionRequest(
  db: Kysely<Database>,
  request: { quoteId: number; email: string; message: string },
) {
  const row = await db
    .insertInto('quote_requests')
    .values({ quote_id: request.quoteId, email: request.email, message: request.message, requested_at: new Date() })
    .returning(['id', 'requested_at'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), requestedAt: toIso(row.requested_at) };
}
