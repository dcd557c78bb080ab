import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The Inbox holds what still needs the office (office-spec: "new work requests (Pending, not yet
 * seen), revision requests not yet answered"), so entries close by themselves once answered, done by
 * 'system' (done_by), whoever answered and however (the portal, the office, plain SQL):
 * - a 'work_request' is done when its order leaves Pending;
 * - a 'revision_request' is done when the office sends a new version of that quote (a
 *   quote_versions row gets its sent_at), for every request of the quote made before that moment.
 * And an order the office makes itself ('Create work order' from an Approved quote, or any insert in
 * a transaction that sets portal.actor, i.e. withOfficeScope) is no request: it makes no entry.
 * Entries that are answered already are closed here once, the same way (orders made from a quote
 * are the office's own).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Migration 015's function, with the two changes above; the trigger itself stays.
  await sql`
    CREATE OR REPLACE FUNCTION inbox_work_order() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.status = 'Pending' AND nullif(current_setting('portal.actor', true), '') IS NULL THEN
          INSERT INTO office_inbox (kind, email, work_order_id, summary)
          VALUES ('work_request', NEW.email, NEW.id, NEW.description);
        END IF;
        RETURN NULL;
      END IF;
      IF OLD.status = 'Pending' AND NEW.status IS DISTINCT FROM 'Pending' THEN
        UPDATE office_inbox SET done_at = now(), done_by = 'system'
         WHERE kind = 'work_request' AND work_order_id = NEW.id AND done_at IS NULL;
      END IF;
      IF NEW.status = 'Cancelled' AND OLD.status IS DISTINCT FROM 'Cancelled'
         AND nullif(current_setting('portal.actor', true), '') IS NULL
         AND lower(NEW.email) = nullif(current_setting('portal.email', true), '') THEN
        INSERT INTO office_inbox (kind, email, work_order_id, summary)
        VALUES ('order_cancelled', NEW.email, NEW.id, NEW.description);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION inbox_quote_version_sent() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE office_inbox SET done_at = now(), done_by = 'system'
       WHERE kind = 'revision_request' AND quote_id = NEW.quote_id AND done_at IS NULL AND at <= NEW.sent_at;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER quote_versions_inbox_sent AFTER INSERT OR UPDATE OF sent_at ON quote_versions
      FOR EACH ROW WHEN (NEW.sent_at IS NOT NULL) EXECUTE FUNCTION inbox_quote_version_sent();

    UPDATE office_inbox i SET done_at = now(), done_by = 'system'
      FROM work_orders w
     WHERE i.kind = 'work_request' AND i.done_at IS NULL AND w.id = i.work_order_id
       AND (w.status <> 'Pending' OR w.quote_id IS NOT NULL);
    UPDATE office_inbox i SET done_at = now(), done_by = 'system'
     WHERE i.kind = 'revision_request' AND i.done_at IS NULL
       AND EXISTS (SELECT 1 FROM quote_versions v WHERE v.quote_id = i.quote_id AND v.sent_at >= i.at);
  `,
  );
}
