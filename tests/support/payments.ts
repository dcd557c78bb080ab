import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema';

/**
 * An issued invoice of `email` put in with plain SQL, the way the database takes one: an Approved quote
 * (plain SQL, its total the contract), a draft invoice with its one line, then issued ('Sent': the
 * database gives it its number). Answers the invoice's id and number.
 */
export async function putSentInvoiceWithSql(
  db: Kysely<Database>,
  email: string,
  input: { total: string; description?: string; dueDate?: string },
): Promise<{ id: number; number: string; quoteId: number }> {
  const quote = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES (${email}, ${input.description ?? 'Deck'}, ${input.total}, 'Approved') RETURNING id`.execute(db);
  const quoteId = Number(quote.rows[0]!.id);
  const invoice = await sql<{ id: number }>`INSERT INTO invoices (email, quote_id, kind, due_date, subtotal, tax, total, created_by)
    VALUES (${email}, ${quoteId}, 'progress', ${input.dueDate ?? '2099-12-31'}, ${input.total}, 0, ${input.total}, 'sql@company.example')
    RETURNING id`.execute(db);
  const id = Number(invoice.rows[0]!.id);
  await sql`INSERT INTO invoice_lines (invoice_id, position, description, amount)
    VALUES (${id}, 1, ${input.description ?? 'Deck'}, ${input.total})`.execute(db);
  const sent = await sql<{ number: string }>`UPDATE invoices SET status = 'Sent' WHERE id = ${id} RETURNING number`.execute(db);
  return { id, number: sent.rows[0]!.number, quoteId };
}

/** Balance, status and payments of an invoice as the database holds them. */
export async function invoiceFigures(db: Kysely<Database>, id: number) {
  const invoice = await sql<{ status: string; amount_paid: string; total: string }>`
    SELECT status, amount_paid::text AS amount_paid, total::text AS total FROM invoices WHERE id = ${id}`.execute(db);
  const payments = await sql<{ amount: string; provider_event_id: string | null; method: string }>`
    SELECT amount::text AS amount, provider_event_id, method FROM payments WHERE invoice_id = ${id} ORDER BY id`.execute(db);
  return { ...invoice.rows[0]!, payments: payments.rows };
}
