import { sql } from 'kysely';
import type { Db } from '../../platform/db/customer-scope';

/**
 * A quote's contract as invoices draw from it: contract_total(quote_id) (change-orders.sql; null when
 * the quote is not approved), the sum of its invoices but void ones (drafts included, as the database
 * counts them), and the tax rate of its signed version ('0' for a quote put in with SQL). `lock`
 * locks the quote row first, as invoice_guard does, so two invoices on one contract go one by one.
 */
export async function contractPosition(db: Db, quoteId: number, lock: boolean) {
  if (lock) await sql`SELECT 1 FROM quotes WHERE id = ${quoteId} FOR UPDATE`.execute(db);
  const row = (
    await sql<{ contract: string | null; invoiced: string; tax_rate: string | null; email: string }>`
      SELECT contract_total(q.id)::numeric(12,2)::text AS contract,
             (SELECT coalesce(sum(total), 0) FROM invoices WHERE quote_id = q.id AND status <> 'Void')::numeric(12,2)::text AS invoiced,
             (SELECT v.tax_rate::text FROM quote_versions v WHERE v.quote_id = q.id AND v.version = q.current_version) AS tax_rate,
             q.email
        FROM quotes q WHERE q.id = ${quoteId}`.execute(db)
  ).rows[0];
  return row && { contractTotal: row.contract, invoiced: row.invoiced, taxRate: row.tax_rate ?? '0', email: row.email };
}
