import type { Kysely } from 'kysely';
import { applySqlStep } from '../sql-files';

/**
 * Renaming a property and correcting its address (issue 26, decision 235): the customer's and the
 * office's roles may update a property's address too, and a trigger keeps it fixed once a quote or
 * work order names the property (and the profile property's, which follows the Profile). Re-applies
 * sql/properties.sql.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await applySqlStep(db, '120_property_edit');
}
