import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Issue 27 (decision 297): an approval's row is written without reading it back; its id is taken from
 * the table's sequence by the statement that claims the decision (decisions-repository.ts). The
 * customer's role may take the next number (nothing else: the sequence's numbers are not a secret,
 * and one taken and not used is a gap, as a rolled-back INSERT leaves).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `GRANT USAGE ON SEQUENCE quote_approvals_id_seq TO portal_customer;`);
}
