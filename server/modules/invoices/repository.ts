import { sql } from 'kysely';
import { toLocale, type Locale } from '../../../contracts/locale';
import type { Db } from '../../platform/db/customer-scope';

/** The invoices' queries. Money comes back as numeric text (exact); dates as YYYY-MM-DD; ids as numbers. */
export interface InvoiceRow {
  id: number;
  number: string | null;
  customer_id: number | null;
  email: string;
  work_order_id: number | null;
  quote_id: number;
  kind: 'deposit' | 'progress' | 'final';
  status: 'Draft' | 'Sent' | 'Partially Paid' | 'Paid' | 'Void';
  issued_at: string | null;
  due_date: string | null;
  subtotal: string;
  tax: string;
  total: string;
  amount_paid: string;
  void_reason: string | null;
  created_at: string;
  created_by: string | null;
  reminders_sent: number;
  /** invoice_listed_status in the company's time zone today. */
  overdue: boolean;
  customer_name: string | null;
}

export const invoiceColumns = (timeZone: string) => sql`
  i.id::int8 AS id, i.number, i.customer_id, i.email, i.work_order_id, i.quote_id, i.kind, i.status,
  to_char(i.issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS issued_at,
  to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.subtotal::text AS subtotal, i.tax::text AS tax, i.total::text AS total,
  i.amount_paid::text AS amount_paid, i.void_reason,
  to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, i.created_by, i.reminders_sent,
  invoice_listed_status(i.status, i.due_date, (now() AT TIME ZONE ${timeZone})::date) = 'Overdue' AS overdue,
  (SELECT c.name FROM customers c WHERE c.id = i.customer_id) AS customer_name`;

/** Ids and counts as numbers (bigint columns arrive as text from one driver). */
export const toInvoiceRow = (row: InvoiceRow): InvoiceRow => ({
  ...row,
  id: Number(row.id),
  customer_id: row.customer_id == null ? null : Number(row.customer_id),
  work_order_id: row.work_order_id == null ? null : Number(row.work_order_id),
  quote_id: Number(row.quote_id),
  reminders_sent: Number(row.reminders_sent),
});

/** One invoice as the scope sees it (a customer: their issued ones only); `forUpdate` locks it. */
export async function findInvoice(db: Db, id: number, timeZone: string, forUpdate = false): Promise<InvoiceRow | undefined> {
  const row = (
    await sql<InvoiceRow>`SELECT ${invoiceColumns(timeZone)} FROM invoices i WHERE i.id = ${id} ${forUpdate ? sql`FOR UPDATE OF i` : sql``}`.execute(
      db,
    )
  ).rows[0];
  return row && toInvoiceRow(row);
}

export async function findInvoices(db: Db, where: ReturnType<typeof sql>, timeZone: string): Promise<InvoiceRow[]> {
  const { rows } = await sql<InvoiceRow>`SELECT ${invoiceColumns(timeZone)} FROM invoices i WHERE ${where} ORDER BY i.id DESC`.execute(db);
  return rows.map(toInvoiceRow);
}

export interface LineRow {
  invoice_id: number;
  position: number;
  description: string;
  amount: string;
}

export async function loadLines(db: Db, invoiceId: number): Promise<LineRow[]> {
  const { rows } = await sql<LineRow>`
    SELECT invoice_id, position, description, amount::text AS amount FROM invoice_lines WHERE invoice_id = ${invoiceId} ORDER BY position`.execute(
    db,
  );
  return rows.map((r) => ({ ...r, invoice_id: Number(r.invoice_id) }));
}

export interface PaymentDbRow {
  id: number;
  amount: string;
  method: 'check' | 'cash' | 'bank_transfer' | 'card_other' | 'online';
  reference: string | null;
  received_at: string;
  refunded_payment_id: number | null;
  recorded_by: string | null;
  provider_event_id: string | null;
  /** The account's person who paid online (migration 115). */
  person_id: string | null;
}

export async function loadPayments(db: Db, invoiceId: number): Promise<PaymentDbRow[]> {
  const { rows } = await sql<PaymentDbRow>`
    SELECT id, amount::text AS amount, method, reference,
           to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS received_at,
           refunded_payment_id, recorded_by, provider_event_id, person_id
      FROM payments WHERE invoice_id = ${invoiceId} ORDER BY received_at, id`.execute(db);
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    refunded_payment_id: r.refunded_payment_id == null ? null : Number(r.refunded_payment_id),
  }));
}

/** The payment recorded for a provider's event, if any (a webhook delivered twice records once). */
export async function findPaymentByEvent(db: Db, providerEventId: string): Promise<{ id: number; invoice_id: number } | undefined> {
  const row = (
    await sql<{ id: number; invoice_id: number }>`SELECT id, invoice_id FROM payments WHERE provider_event_id = ${providerEventId}`.execute(
      db,
    )
  ).rows[0];
  return row && { id: Number(row.id), invoice_id: Number(row.invoice_id) };
}

/**
 * The language an invoice's e-mails are written in: the account's (the one it last used in the
 * portal), or `known` when the caller has it (the customer's own request: their role cannot read
 * accounts), or English for an owner without an account.
 */
export async function recipientLocale(db: Db, email: string, known?: Locale): Promise<Locale> {
  if (known) return known;
  const row = (await sql<{ locale: string | null }>`SELECT locale FROM "user" WHERE lower(email) = lower(${email}) LIMIT 1`.execute(db))
    .rows[0];
  return toLocale(row?.locale);
}

/** Today in the company's time zone, YYYY-MM-DD (the database clock). */
export async function companyToday(db: Db, timeZone: string): Promise<string> {
  return (await sql<{ today: string }>`SELECT to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS today`.execute(db)).rows[0]!
    .today;
}
