import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * A customer never sees a Draft (migration 033) said so with a RESTRICTIVE policy; PostgreSQL then
 * stops using quotes_owner_created_idx for the owner's own policy and reads the whole quotes table
 * for every customer list (tests/performance/customer-query-plans.api.test.ts). The same rule as
 * part of the owner policy keeps the index: one policy, both conditions. The policy covers UPDATE too,
 * so a customer's transaction can neither touch a Draft nor turn a quote into one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP POLICY quotes_not_draft ON quotes;
    ALTER POLICY quotes_owner ON quotes
      USING (lower(email) = current_setting('portal.email', true) AND status <> 'Draft');
  `,
  );
}
