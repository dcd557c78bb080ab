import { sql } from 'kysely';
import type { Db } from '../../platform/db/customer-scope';
import { ownedBy } from '../../platform/db/customer-scope';

/** Checkout attempts (migration 100) and the invoice figures a payment needs. Raw SQL: these tables are not in the Kysely types. */
export interface PayableInvoice {
  id: number;
  number: string | null;
  email: string;
  quote_id: number;
  status: string;
  total: string;
  amount_paid: string;
}

export interface AttemptRow {
  id: string;
  invoice_id: number;
  amount: string;
  status: 'open' | 'paid' | 'refused' | 'expired';
  checkout_url: string | null;
  /** Who pressed 'Pay now' (migration 115): the payment records this person. */
  person_id: string | null;
}

const invoiceColumns = sql`id::int AS id, number, email, quote_id::int AS quote_id, status, total::text AS total, amount_paid::text AS amount_paid`;

/** The signed-in customer's invoice (owner filter here, row-level security again in the scope). */
export async function customerInvoice(db: Db, email: string, id: number): Promise<PayableInvoice | undefined> {
  const { rows } = await sql<PayableInvoice>`SELECT ${invoiceColumns} FROM invoices WHERE id = ${id} AND ${ownedBy(email)}`.execute(db);
  return rows[0];
}

export async function invoiceById(db: Db, id: number): Promise<PayableInvoice | undefined> {
  const { rows } = await sql<PayableInvoice>`SELECT ${invoiceColumns} FROM invoices WHERE id = ${id}`.execute(db);
  return rows[0];
}

const attemptColumns = sql`id::text AS id, invoice_id::int AS invoice_id, amount::text AS amount, status, checkout_url, person_id`;

/**
 * The one open attempt of this invoice for this amount, made now or found (a double click, two tabs):
 * the unique index checkout_attempts_one_open makes the second request wait and then find the first's.
 * An attempt older than the provider's session (23 h of Stripe's 24) is retired first.
 */
export async function openAttempt(db: Db, invoice: PayableInvoice, amount: string, provider: string): Promise<AttemptRow> {
  await sql`UPDATE checkout_attempts SET status = 'expired'
            WHERE invoice_id = ${invoice.id} AND status = 'open' AND created_at < now() - interval '23 hours'`.execute(db);
  const inserted = await sql<AttemptRow>`
    INSERT INTO checkout_attempts (invoice_id, email, amount, provider)
    VALUES (${invoice.id}, ${invoice.email}, ${amount}, ${provider})
    ON CONFLICT (invoice_id, amount) WHERE status = 'open' DO NOTHING
    RETURNING ${attemptColumns}`.execute(db);
  if (inserted.rows[0]) return inserted.rows[0];
  const { rows } = await sql<AttemptRow>`SELECT ${attemptColumns} FROM checkout_attempts
    WHERE invoice_id = ${invoice.id} AND amount = ${amount} AND status = 'open'`.execute(db);
  if (!rows[0]) throw new Error(`checkout attempt of invoice ${invoice.id} neither inserted nor found`);
  return rows[0];
}

/** The provider's session, once (a second request with the same idempotency key got the same one). */
export async function setSession(db: Db, attemptId: string, sessionId: string, url: string): Promise<void> {
  await sql`UPDATE checkout_attempts SET provider_session_id = ${sessionId}, checkout_url = ${url}
            WHERE id = ${attemptId}::uuid AND provider_session_id IS NULL`.execute(db);
}

export async function attemptOf(db: Db, invoiceId: number, attemptId: string): Promise<AttemptRow | undefined> {
  const { rows } = await sql<AttemptRow>`SELECT ${attemptColumns} FROM checkout_attempts
    WHERE id = ${attemptId}::uuid AND invoice_id = ${invoiceId}`.execute(db);
  return rows[0];
}

/** The webhook's attempt: by our id from the session's metadata, else by the provider's session id. */
export async function attemptForEvent(db: Db, attemptId: string | null, sessionId: string): Promise<AttemptRow | undefined> {
  const uuid = attemptId && /^[0-9a-f-]{36}$/i.test(attemptId) ? attemptId : null;
  const { rows } = await sql<AttemptRow>`SELECT ${attemptColumns} FROM checkout_attempts
    WHERE (${uuid}::uuid IS NOT NULL AND id = ${uuid}::uuid) OR provider_session_id = ${sessionId}
    ORDER BY (id = ${uuid}::uuid) DESC NULLS LAST LIMIT 1`.execute(db);
  return rows[0];
}

/** Counted (paid) or refused, with the event that decided it; an attempt decided before stays as it was. */
export async function closeAttempt(
  db: Db,
  attemptId: string,
  status: 'paid' | 'refused',
  eventId: string,
  refusal?: string,
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`UPDATE checkout_attempts
    SET status = ${status}, provider_event_id = ${eventId}, refusal = ${refusal ?? null}, completed_at = now()
    WHERE id = ${attemptId}::uuid AND provider_event_id IS NULL
    RETURNING id::text AS id`.execute(db);
  return rows.length > 0;
}

/** The office Inbox's entry for a payment that could not count (it opens the invoice's quote). */
export async function flagForOffice(db: Db, invoice: PayableInvoice, summary: string): Promise<void> {
  await sql`INSERT INTO office_inbox (kind, email, quote_id, summary)
            VALUES ('payment_refused', ${invoice.email}, ${invoice.quote_id}, ${summary})`.execute(db);
}
