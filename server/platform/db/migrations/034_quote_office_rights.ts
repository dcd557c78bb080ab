import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The quote documents under the office's database role (portal_office, migration 014), and in the
 * office Inbox (migration 015):
 * - the office writes quotes (new quote; description, total, status and the version columns when it
 *   saves and sends), drafts and their lines, and reads every version, line and answer; it never
 *   writes an answer (only a customer approves or declines). The freeze triggers of 032 hold for it
 *   as for anyone;
 * - a customer's approval or decline makes an Inbox entry ('quote_approved', 'quote_declined'),
 *   written by a trigger like the other entries, in the same transaction (SECURITY DEFINER: the
 *   customer's transaction makes an entry it cannot read).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    GRANT SELECT ON quote_versions, quote_line_items, quote_approvals TO portal_office;
    GRANT INSERT, UPDATE, DELETE ON quote_versions, quote_line_items TO portal_office;
    GRANT INSERT (email, description, total, status) ON quotes TO portal_office;
    GRANT UPDATE (description, total, status, current_version, valid_until, viewed_at, reminders_sent, reminded_at)
      ON quotes TO portal_office;
    CREATE POLICY quotes_office_insert ON quotes FOR INSERT TO portal_office WITH CHECK (true);
    CREATE POLICY quotes_office_update ON quotes FOR UPDATE TO portal_office USING (true) WITH CHECK (true);
    CREATE POLICY quote_versions_office ON quote_versions TO portal_office USING (true) WITH CHECK (true);
    CREATE POLICY quote_line_items_office ON quote_line_items TO portal_office USING (true) WITH CHECK (true);
    CREATE POLICY quote_approvals_office ON quote_approvals FOR SELECT TO portal_office USING (true);
  `,
  );
  // A function body holds semicolons at line ends, so it is one statement of its own.
  await sql`
    CREATE FUNCTION inbox_quote_decision() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      INSERT INTO office_inbox (kind, email, quote_id, summary)
      SELECT CASE NEW.decision WHEN 'Approved' THEN 'quote_approved' ELSE 'quote_declined' END,
             q.email, NEW.quote_id,
             CASE WHEN NEW.decision = 'Declined' AND coalesce(NEW.reason, '') <> '' THEN NEW.reason
                  ELSE coalesce(q.description, '') END
      FROM quotes q WHERE q.id = NEW.quote_id;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER quote_approvals_inbox AFTER INSERT ON quote_approvals
      FOR EACH ROW EXECUTE FUNCTION inbox_quote_decision();
  `,
  );
}
