import { sql, type Expression, type Kysely } from 'kysely';
import type { Quote } from '../../../contracts/customer/quotes';
import { ISO_TIME_FORMAT, isoTime, isoTimeText } from '../../platform/db/columns';
import { ownedBy, ownerLiteral, ownerStatement, readInCustomerScope, type Db } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import { companyTodayLiteral, listedStatus, listedTotal } from './listed';

/**
 * The customer's quotes, newest created first, each with its status log oldest first,
 * in ONE query: the log is aggregated per quote in a correlated subquery (no query per quote).
 * The rows are the API's quotes as they are, in its field order: description never null, the
 * total as numeric text ("1234.50"; an approved quote's signed total, listedTotal), the status as
 * the quote's page shows it (a Sent quote past its valid-until day is Expired, listedStatus),
 * timestamps as ISO text in UTC written by PostgreSQL (the same text as Date.toISOString, no Date
 * per row). No parameters: the e-mail and the company's time zone are literals.
 */
function buildQuotesList(db: Db, owner: Expression<string>, timeZone: string) {
  return db
    .selectFrom('quotes')
    .select([
      'quotes.id',
      sql<string>`coalesce(quotes.description, '')`.as('description'),
      isoTimeText('quotes.created_at').as('created_at'),
      listedTotal('quotes').as('total'),
      listedStatus('quotes', companyTodayLiteral(timeZone)).as('status'),
      sql<Quote['history']>`coalesce((
        select json_agg(json_build_object('status', log.status, 'timestamp', to_char(log."timestamp" at time zone 'UTC', ${ISO_TIME_FORMAT}))
                        order by log."timestamp", log.id)
        from quote_status_log as log
        where log.quote_id = quotes.id
        -- 'Draft' is never shown to the customer for a quote the office wrote (office-spec section 3); a quote put in
        -- with SQL (no versions) shows its whole log, as the portal spec says.
        and not (log.status = 'Draft' and quotes.current_version is not null)
      ), '[]'::json)`.as('history'),
    ])
    .where(ownedBy(owner, 'quotes.email'))
    .orderBy('quotes.created_at', 'desc')
    .orderBy('quotes.id', 'desc');
}

/** The list's statement for a time zone, compiled once (ownerStatement). */
const statements = new Map<string, ReturnType<typeof ownerStatement<Quote>>>();
export function quotesListStatement(timeZone: string) {
  let statement = statements.get(timeZone);
  if (!statement) {
    statement = ownerStatement((db, owner) => buildQuotesList(db, owner, timeZone));
    statements.set(timeZone, statement);
  }
  return statement;
}

/** The list read on `db` as it is (a transaction already in the customer's scope, or a test's handle). */
export async function listForCustomer(db: Db, email: string, timeZone: string): Promise<Quote[]> {
  return buildQuotesList(db, ownerLiteral(email), timeZone).execute();
}

/** GET /api/quotes: the list read as the customer in one round trip (readInCustomerScope). */
export async function listInCustomerScope(db: Kysely<Database>, email: string, timeZone: string): Promise<Quote[]> {
  return readInCustomerScope(db, email, quotesListStatement(timeZone)(db, email));
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
