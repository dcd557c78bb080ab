import type { Kysely } from 'kysely';
import { applySqlStep } from '../sql-files';

/**
 * Issue 27 (decision 297): an approval's row is written without reading it back; its id is taken from
 * the table's sequence by the statement that claims the decision (decisions-repository.ts).
 * - sql/grants.sql: the customer's role may take the sequence's next number (USAGE), nothing else. The
 *   numbers are not a secret; one taken and not used is a gap, as a rolled-back INSERT leaves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await applySqlStep(db, '123_approval_ids');
}
