import { sql } from 'kysely';
import type { BalanceDue, CustomerInvoice, CustomerInvoiceList } from '../../../contracts/customer/invoices';
import { NotFoundError } from '../../../domain/errors';
import { formatCents, parseCents } from '../../../domain/money';
import type { Db } from '../../platform/db/customer-scope';
import { customerInvoice, customerInvoiceRow } from './mappers';
import { findInvoice, findInvoices, loadLines, loadPayments } from './repository';

/**
 * The customer's invoices, in their scope: row-level security leaves their own issued invoices only
 * (invoices.sql), and each query names the owner too (defense in depth, as the other customer reads).
 */
const owned = (email: string) => sql`lower(i.email) = lower(${email}) AND i.status <> 'Draft'`;

/** /invoices: newest first, with what is due in all. */
export async function listCustomerInvoices(db: Db, email: string, timeZone: string): Promise<CustomerInvoiceList> {
  const rows = (await findInvoices(db, owned(email), timeZone)).map(customerInvoiceRow);
  return { invoices: rows, balanceDue: formatCents(rows.reduce((sum, r) => sum + parseCents(r.balanceDue), 0n)) };
}

/** /invoices/:id: lines, payments received, balance; 404 when not theirs or not there. */
export async function getCustomerInvoice(db: Db, email: string, id: number, timeZone: string): Promise<CustomerInvoice> {
  const row = await findInvoice(db, id, timeZone);
  if (!row || row.status === 'Draft' || row.email.toLowerCase() !== email.toLowerCase()) throw new NotFoundError('Invoice not found.');
  return customerInvoice(row, await loadLines(db, id), await loadPayments(db, id));
}

/** The dashboard's 'Balance due: {amount}': the open invoices' balances, and whether any is overdue. */
export async function getBalanceDue(db: Db, email: string, timeZone: string): Promise<BalanceDue> {
  const row = (
    await sql<{ due: string; overdue: boolean }>`
      SELECT coalesce(sum(i.total - i.amount_paid), 0)::numeric(14,2)::text AS due,
             coalesce(bool_or(invoice_listed_status(i.status, i.due_date, (now() AT TIME ZONE ${timeZone})::date) = 'Overdue'), false) AS overdue
        FROM invoices i WHERE ${owned(email)} AND i.status IN ('Sent', 'Partially Paid')`.execute(db)
  ).rows[0]!;
  return { balanceDue: row.due, overdue: row.overdue };
}
