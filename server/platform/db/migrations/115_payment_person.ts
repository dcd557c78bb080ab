import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';
import { applySqlStep } from '../sql-files';

/**
 * Who paid online (contract-spec §4: 'every approval, payment and request records which person did
 * it'): the checkout attempt keeps the person who pressed 'Pay now', filled by the database from the
 * scope's portal.person as work_orders.requested_by is (migration 114), and the webhook's payment
 * row takes it from the attempt (payments.person_id). sql/payments.sql (re-applied) keeps the column
 * out of the customer's INSERT rights.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE checkout_attempts ADD COLUMN person_id text DEFAULT nullif(current_setting('portal.person', true), '');`,
  );
  await applySqlStep(db, '115_payment_person');
}
