import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';
import { applySqlStep } from '../sql-files';

/**
 * 'First opened' for change orders (contract-spec §1, whose events a change order's certificate lists
 * too, §2): change_orders.viewed_at, set the first time the customer opens a page that shows the sent
 * change order, as quotes.viewed_at is for a quote. sql/signatures.sql (re-applied here) writes the
 * 'first_opened' event from it; sql/change-orders.sql lets the customer's role set it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `ALTER TABLE change_orders ADD COLUMN viewed_at timestamptz;`);
  await applySqlStep(db, '113_change_order_opened');
}
