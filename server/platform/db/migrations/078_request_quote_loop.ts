import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Issue 22, "close the joints of the loop": a work request, its quote and the job are one thread.
 * - quotes.work_order_id: the work request a quote answers ('Create quote' on a request). When that
 *   quote is approved, 'Create work order' continues the same order (sets work_orders.quote_id)
 *   instead of making a second one, so the office may now write work_orders.quote_id.
 * - quote_requests.answer, answered_at: the office's answer to a revision request it cannot answer
 *   with a new version (an Approved quote). The customer reads it on the quote; who answered is in
 *   audit_log only (the customer's role reads every column of quote_requests).
 * - The Inbox closes its own entries once the work they ask for is done (done_by 'system'),
 *   whoever did it and however (the application or plain SQL):
 *   'work_request' when a quote made from it is sent or the order is scheduled;
 *   'quote_approved' when an order is linked to the quote; 'revision_request' when it is answered.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE quotes ADD COLUMN work_order_id bigint REFERENCES work_orders (id) ON DELETE SET NULL;
    CREATE INDEX quotes_work_order_idx ON quotes (work_order_id) WHERE work_order_id IS NOT NULL;
    GRANT INSERT (work_order_id) ON quotes TO portal_office;
    GRANT UPDATE (quote_id) ON work_orders TO portal_office;

    ALTER TABLE quote_requests
      ADD COLUMN answer      text,
      ADD COLUMN answered_at timestamptz,
      ADD CONSTRAINT quote_requests_answer_whole CHECK ((answer IS NULL) = (answered_at IS NULL));
    GRANT UPDATE (answer, answered_at) ON quote_requests TO portal_office;
    CREATE POLICY quote_requests_office_answer ON quote_requests FOR UPDATE TO portal_office USING (true) WITH CHECK (true);
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  // Migration 050's function, now also closing the request a sent quote answers.
  await sql`
    CREATE OR REPLACE FUNCTION inbox_quote_version_sent() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE office_inbox SET done_at = now(), done_by = 'system'
       WHERE kind = 'revision_request' AND quote_id = NEW.quote_id AND done_at IS NULL AND at <= NEW.sent_at;
      UPDATE office_inbox i SET done_at = now(), done_by = 'system'
        FROM quotes q
       WHERE q.id = NEW.quote_id AND i.kind = 'work_request' AND i.work_order_id = q.work_order_id AND i.done_at IS NULL;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION inbox_work_order_progress() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      IF NEW.arrival_start IS NOT NULL THEN
        UPDATE office_inbox SET done_at = now(), done_by = 'system'
         WHERE kind = 'work_request' AND work_order_id = NEW.id AND done_at IS NULL;
      END IF;
      IF NEW.quote_id IS NOT NULL THEN
        UPDATE office_inbox SET done_at = now(), done_by = 'system'
         WHERE kind = 'quote_approved' AND quote_id = NEW.quote_id AND done_at IS NULL;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION inbox_revision_answered() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      UPDATE office_inbox SET done_at = now(), done_by = 'system'
       WHERE kind = 'revision_request' AND quote_id = NEW.quote_id AND done_at IS NULL AND at <= NEW.answered_at;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER work_orders_inbox_progress AFTER INSERT OR UPDATE OF arrival_start, quote_id ON work_orders
      FOR EACH ROW EXECUTE FUNCTION inbox_work_order_progress();
    CREATE TRIGGER quote_requests_inbox_answered AFTER UPDATE OF answered_at ON quote_requests
      FOR EACH ROW WHEN (NEW.answered_at IS NOT NULL) EXECUTE FUNCTION inbox_revision_answered();

    UPDATE office_inbox i SET done_at = now(), done_by = 'system'
      FROM work_orders w
     WHERE i.kind = 'work_request' AND i.done_at IS NULL AND w.id = i.work_order_id AND w.arrival_start IS NOT NULL;
    UPDATE office_inbox i SET done_at = now(), done_by = 'system'
     WHERE i.kind = 'quote_approved' AND i.done_at IS NULL
       AND EXISTS (SELECT 1 FROM work_orders w WHERE w.quote_id = i.quote_id);
  `,
  );
}
