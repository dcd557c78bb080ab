import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Row-level security for the customer's side of the quote loop (role portal_customer, see 003):
 * - a customer reads only the SENT versions of their own quotes, and only their lines: a draft
 *   (of a new quote, or a new version in the making) is never visible;
 * - a quote still in Draft is not shown at all (office-spec: 'Draft' is never shown to the customer);
 * - they read and insert decisions (quote_approvals) only for their own quotes' sent versions;
 * - they may set a quote's status (approve, decline, ask for a revision; migration 032 says which
 *   moves) and viewed_at, on their own quotes only (the quotes_owner policy of 003).
 * The status-log trigger (011/013) is SECURITY DEFINER, so each change is still logged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    GRANT SELECT ON quote_versions, quote_line_items TO portal_customer;
    GRANT SELECT, INSERT ON quote_approvals TO portal_customer;
    GRANT UPDATE (status, viewed_at) ON quotes TO portal_customer;

    ALTER TABLE quote_versions ENABLE ROW LEVEL SECURITY;
    ALTER TABLE quote_line_items ENABLE ROW LEVEL SECURITY;
    ALTER TABLE quote_approvals ENABLE ROW LEVEL SECURITY;

    CREATE POLICY quotes_not_draft ON quotes AS RESTRICTIVE FOR SELECT TO portal_customer
      USING (status <> 'Draft');
    CREATE POLICY quote_versions_sent ON quote_versions FOR SELECT TO portal_customer
      USING (sent_at IS NOT NULL AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_versions.quote_id));
    CREATE POLICY quote_line_items_sent ON quote_line_items FOR SELECT TO portal_customer
      USING (EXISTS (SELECT 1 FROM quote_versions v
                     WHERE v.quote_id = quote_line_items.quote_id AND v.version = quote_line_items.version));
    CREATE POLICY quote_approvals_owner ON quote_approvals FOR SELECT TO portal_customer
      USING (EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_approvals.quote_id));
    CREATE POLICY quote_approvals_owner_insert ON quote_approvals FOR INSERT TO portal_customer
      WITH CHECK (EXISTS (SELECT 1 FROM quote_versions v
                          WHERE v.quote_id = quote_approvals.quote_id AND v.version = quote_approvals.version));
  `,
  );
}
