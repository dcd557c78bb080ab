import { sql } from 'kysely';
import {
  DASHBOARD_DESCRIPTION_MAX,
  DASHBOARD_QUOTES_LIMIT,
  DASHBOARD_WORK_ORDERS_LIMIT,
  type Dashboard,
} from '../../../contracts/customer/dashboard';
import { cancellableStatuses } from '../../../domain/work-orders';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { companyToday } from '../quotes/company-day';
import { listedStatus, listedTotal } from '../quotes/listed';
import { toQuoteSummary } from '../quotes/mappers';
import { activeWorkOrderColumns, toActiveWorkOrder } from '../work-orders/mappers';

/**
 * The dashboard's two lists, each one indexed query (lower(email), created_at/submitted_at DESC),
 * run side by side. Quotes show what their page shows: the signed total of an approved quote and
 * Expired for a Sent one past its valid-until day (listed.ts). "Active" is what the customer can still act on: the cancellable statuses.
 * Schedules are shown in timeZone (COMPANY_TIMEZONE). Each row says what the job is, shortened
 * (the database sends only the start of a long description).
 */
export async function loadDashboard(db: Db, email: string, timeZone: string): Promise<Dashboard> {
  const [quotes, workOrders, balance] = await Promise.all([
    db
      .selectFrom('quotes')
      .select(['id', listedTotal('quotes').as('total'), listedStatus('quotes', companyToday(timeZone)).as('status'), descriptionStart])
      .where(ownedBy(email))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_QUOTES_LIMIT)
      .execute(),
    db
      .selectFrom('work_orders')
      .select([...activeWorkOrderColumns, descriptionStart])
      .where(ownedBy(email))
      .where('status', 'in', cancellableStatuses)
      .orderBy('submitted_at', 'desc')
      .orderBy('id', 'desc')
      .limit(DASHBOARD_WORK_ORDERS_LIMIT)
      .execute(),
    balanceDue(db, email),
  ]);
  return {
    recentQuotes: quotes.map((row) => ({ ...toQuoteSummary(row), description: shorten(row.description) })),
    activeWorkOrders: workOrders.map((row) => ({ ...toActiveWorkOrder(row, timeZone), description: shorten(row.description) })),
    balanceDue: balance,
  };
}

/** What is due on the customer's open invoices (Sent, Partially Paid), exact to the cent. */
async function balanceDue(db: Db, email: string): Promise<string> {
  const { rows } = await sql<{ balance: string }>`
    SELECT coalesce(sum(total - amount_paid), 0)::numeric(12,2)::text AS balance FROM invoices
     WHERE ${ownedBy(email)} AND status IN ('Sent', 'Partially Paid')`.execute(db);
  return rows[0]?.balance ?? '0.00';
}

/** On one line, one character more than a row shows, so shorten() knows when it cuts. */
const descriptionStart = sql<string>`left(btrim(regexp_replace(description, '\\s+', ' ', 'g')), ${DASHBOARD_DESCRIPTION_MAX + 1})`.as(
  'description',
);

/** On one line, at most DASHBOARD_DESCRIPTION_MAX characters; a longer one is cut at a word and ends with '…'. */
export function shorten(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= DASHBOARD_DESCRIPTION_MAX) return text;
  const cut = text.slice(0, DASHBOARD_DESCRIPTION_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DASHBOARD_DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
