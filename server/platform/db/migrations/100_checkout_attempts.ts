import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';
import { applySqlStep } from '../sql-files';

/**
 * Online payment (contract-spec §3): each 'Pay now' is a checkout attempt, kept so that a double click
 * reuses one provider session (one open attempt per invoice and amount) and so that the customer,
 * back from the provider's page, sees 'Your payment is being processed.' until the signed webhook
 * has counted it (status 'open' -> 'paid'), or the office was told it could not count (refused:
 * more than the balance, or the invoice takes no payment). The owner's e-mail is copied from the
 * invoice for row-level security, as on invoices. The office Inbox gains 'payment_refused'.
 * Row-level security and grants: sql/payments.sql.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE checkout_attempts (
      id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      invoice_id          bigint NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
      email               text NOT NULL,
      amount              numeric(12,2) NOT NULL CHECK (amount > 0),
      provider            text NOT NULL,
      provider_session_id text UNIQUE,
      checkout_url        text,
      status              text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'refused', 'expired')),
      provider_event_id   text,
      refusal             text,
      created_at          timestamptz NOT NULL DEFAULT now(),
      completed_at        timestamptz,
      CONSTRAINT checkout_attempts_done CHECK ((status IN ('paid', 'refused')) = (provider_event_id IS NOT NULL))
    );
    CREATE UNIQUE INDEX checkout_attempts_one_open ON checkout_attempts (invoice_id, amount) WHERE status = 'open';
    CREATE INDEX checkout_attempts_invoice_idx ON checkout_attempts (invoice_id, created_at DESC);

    ALTER TABLE office_inbox DROP CONSTRAINT office_inbox_kind_check;
    ALTER TABLE office_inbox ADD CONSTRAINT office_inbox_kind_check CHECK (kind IN
      ('work_request', 'revision_request', 'order_cancelled', 'quote_approved', 'quote_declined', 'payment_refused'));
  `,
  );
  await applySqlStep(db, '100_checkout_attempts');
}
