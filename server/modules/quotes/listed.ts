import { sql, type Expression } from 'kysely';

/**
 * What every list shows of a quote (the customer's /quotes and dashboard, the office's Quotes screen and
 * customer page), the same as the quote's own page:
 * - its status, with a Sent quote past its valid-until day (the company's day, `today`) as Expired
 *   (quote_listed_status, server/platform/db/sql/quote-expiry.sql; effectiveStatus in TypeScript), before the job writes it;
 * - its total: for an Approved quote that has an approval of its current version, the signed total
 *   (the version's total with the optional lines the customer chose); otherwise quotes.total (the
 *   current version's total, or what the office put in with SQL).
 * `table` is the alias of quotes in the query.
 */
export function listedStatus(table: string, today: Expression<string>) {
  return sql<string>`quote_listed_status(${sql.ref(`${table}.status`)}, ${sql.ref(`${table}.valid_until`)}, ${today})`;
}

/** Numeric text with two decimals ("1234.50"), as quotes.total reads. */
export function listedTotal(table: string) {
  const ref = (column: string) => sql.ref(`${table}.${column}`);
  return sql<string>`coalesce((
    select a.total from quote_approvals as a
    where a.quote_id = ${ref('id')} and a.version = ${ref('current_version')} and a.decision = 'Approved' and ${ref('status')} = 'Approved'
  ), ${ref('total')})::text`;
}

/** The company's today as a literal time zone (for statements compiled once, without parameters). */
export const companyTodayLiteral = (timeZone: string) => sql<string>`(now() at time zone ${sql.lit(timeZone)})::date`;
