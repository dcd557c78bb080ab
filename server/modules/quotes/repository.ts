import { sql, type Compilable, type Expression, type Kysely } from 'kysely';
import type { Quote } from '../../../contracts/customer/quotes';
import { ISO_TIME_FORMAT, isoTime, isoTimeText } from '../../platform/db/columns';
import { ownedBy, ownerLiteral, ownerStatement, readInCustomerScope, type Db } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import { companyTodayLiteral, listedStatus, listedTotal } from './listed';

/**
 * The customer's quotes, newest created first, each with its status log oldest first, in ONE
 * query (the log aggregated per quote in a correlated subquery, no query per quote), as the whole
 * answer of GET /api/quotes: `{"quotes":[...]}` as JSON text written by PostgreSQL, so the server
 * passes one string on instead of parsing every row and writing it out again. Each quote is the
 * API's in its field order (row_to_json writes no spaces and escapes as JSON.stringify does):
 * description never null, the total as numeric text ("1234.50"; an approved quote's signed total,
 * listedTotal), the status as the quote's page shows it (a Sent quote past its valid-until day is
 * Expired, listedStatus), timestamps as ISO text in UTC (the same text as Date.toISOString).
 * quotes.api.test.ts checks the answer byte for byte against the rows mapped in JavaScript.
 * No parameters: the e-mail and the company's time zone are literals.
 */
function buildQuotesAnswer(db: Db, owner: Expression<string>, timeZone: string): Compilable<{ body: string }> {
  const query = sql<{ body: string }>`select
      '{"quotes":[' || coalesce(string_agg(row_to_json(quote)::text, ',' order by quotes.created_at desc, quotes.id desc), '') || ']}' as body
    from quotes cross join lateral (
      select quotes.id, coalesce(quotes.description, '') as description, ${isoTimeText('quotes.created_at')} as created_at,
             ${listedTotal('quotes')} as total,
             -- The property it is for (contract-spec §4), null for a quote put in with SQL by e-mail.
             (select p.address from properties as p where p.id = quotes.property_id) as address,
             ${listedStatus('quotes', companyTodayLiteral(timeZone))} as status,
             coalesce((
               select ('[' || string_agg(row_to_json(entry)::text, ',' order by log."timestamp", log.id) || ']')::json
               from quote_status_log as log
               cross join lateral (select log.status, to_char(log."timestamp" at time zone 'UTC', ${ISO_TIME_FORMAT}) as "timestamp") as entry
               where log.quote_id = quotes.id
               -- 'Draft' is never shown to the customer for a quote the office wrote (office-spec section 3); a quote put in
               -- with SQL (no versions) shows its whole log, as the portal spec says.
               and not (log.status = 'Draft' and quotes.current_version is not null)
             ), '[]'::json) as history
    ) as quote
    where ${ownedBy(owner, 'quotes.email')}`;
  return { compile: () => query.compile(db) };
}

/** The answer's statement for a time zone, compiled once (ownerStatement). */
const statements = new Map<string, ReturnType<typeof ownerStatement<{ body: string }>>>();
function quotesAnswerStatement(timeZone: string) {
  let statement = statements.get(timeZone);
  if (!statement) {
    statement = ownerStatement((db, owner) => buildQuotesAnswer(db, owner, timeZone));
    statements.set(timeZone, statement);
  }
  return statement;
}

/** GET /api/quotes's answer as JSON text, read as the customer in one round trip (readInCustomerScope). */
export async function quotesAnswerInCustomerScope(db: Kysely<Database>, email: string, timeZone: string): Promise<string> {
  const [row] = await readInCustomerScope(db, email, quotesAnswerStatement(timeZone)(db, email));
  return row!.body;
}

/** The list read on `db` as it is (a transaction already in the customer's scope, or a test's handle). */
export async function listForCustomer(db: Db, email: string, timeZone: string): Promise<Quote[]> {
  const { rows } = await db.executeQuery(buildQuotesAnswer(db, ownerLiteral(email), timeZone).compile());
  return (JSON.parse(rows[0]!.body) as { quotes: Quote[] }).quotes;
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
