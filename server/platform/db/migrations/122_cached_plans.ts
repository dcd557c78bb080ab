import type { Kysely } from 'kysely';
import { applySqlStep } from '../sql-files';

/**
 * Issue 27 (decision 285): plans kept for the session on the work request's path.
 * - sql/account-people.sql, sql/properties.sql, sql/invoices.sql: portal_scope_email (every customer
 *   request), property_address_for (every work order and quote written with a property) and
 *   invoice_amount_paid (every payment) in PL/pgSQL instead of SQL: same answers, planned once per
 *   session instead of at every call (a SQL function with SET is never inlined).
 * - sql/work-orders.sql (new): insert_work_order_checked, the work request's checked INSERT (hourly
 *   limit, property of theirs), which the server built and PostgreSQL planned at every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await applySqlStep(db, '122_cached_plans');
}
