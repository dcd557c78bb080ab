import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The office Inbox (contracts/office/inbox.ts): written by triggers, so a record put in with plain
 * SQL arrives exactly as one made through the portal, in the same transaction (nothing is lost):
 * - a new work order that is Pending: 'work_request';
 * - a new revision request: 'revision_request';
 * - a work order set to Cancelled by its customer: 'order_cancelled'. The customer's scope sets
 *   portal.email (server/platform/db/customer-scope.ts) and office code sets portal.actor (migration
 *   011), so a cancel by the office or by plain SQL is not the customer's and makes no entry.
 * The summary is the record's text when the entry was made (description, message).
 * The functions are SECURITY DEFINER: a customer's transaction makes entries it cannot read or write.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE office_inbox (
      id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind             text NOT NULL CONSTRAINT office_inbox_kind_check
                       CHECK (kind IN ('work_request', 'revision_request', 'order_cancelled', 'quote_approved', 'quote_declined')),
      at               timestamptz NOT NULL DEFAULT now(),
      email            text NOT NULL,
      work_order_id    bigint REFERENCES work_orders (id) ON DELETE CASCADE,
      quote_id         bigint REFERENCES quotes (id) ON DELETE CASCADE,
      quote_request_id bigint REFERENCES quote_requests (id) ON DELETE CASCADE,
      summary          text NOT NULL DEFAULT '',
      done_at          timestamptz,
      done_by          text,
      CONSTRAINT office_inbox_record_check CHECK (work_order_id IS NOT NULL OR quote_id IS NOT NULL)
    );
    -- The open entries, newest first (the Inbox's one query, keyset on (at, id)).
    CREATE INDEX office_inbox_open_idx ON office_inbox (at DESC, id DESC) WHERE done_at IS NULL;
    CREATE INDEX office_inbox_work_order_idx ON office_inbox (work_order_id);
    CREATE INDEX office_inbox_quote_idx ON office_inbox (quote_id);
    CREATE INDEX office_inbox_quote_request_idx ON office_inbox (quote_request_id);
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  await sql`
    CREATE FUNCTION inbox_work_order() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        IF NEW.status = 'Pending' THEN
          INSERT INTO office_inbox (kind, email, work_order_id, summary)
          VALUES ('work_request', NEW.email, NEW.id, NEW.description);
        END IF;
      ELSIF NEW.status = 'Cancelled' AND OLD.status IS DISTINCT FROM 'Cancelled'
            AND nullif(current_setting('portal.actor', true), '') IS NULL
            AND lower(NEW.email) = nullif(current_setting('portal.email', true), '') THEN
        INSERT INTO office_inbox (kind, email, work_order_id, summary)
        VALUES ('order_cancelled', NEW.email, NEW.id, NEW.description);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION inbox_revision_request() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      INSERT INTO office_inbox (kind, email, quote_id, quote_request_id, summary)
      VALUES ('revision_request', NEW.email, NEW.quote_id, NEW.id, NEW.message);
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER work_orders_inbox AFTER INSERT OR UPDATE OF status ON work_orders
      FOR EACH ROW EXECUTE FUNCTION inbox_work_order();
    CREATE TRIGGER quote_requests_inbox AFTER INSERT ON quote_requests
      FOR EACH ROW EXECUTE FUNCTION inbox_revision_request();
    GRANT SELECT ON office_inbox TO portal_office;
    GRANT UPDATE (done_at, done_by) ON office_inbox TO portal_office;
  `,
  );
}
