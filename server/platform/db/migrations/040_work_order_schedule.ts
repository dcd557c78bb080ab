import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Work orders run from the office (office-spec sections 4 and 7):
 * - work_orders gains its schedule: scheduled_date (the company's calendar day) and the arrival
 *   window as two instants (timestamptz), so the window is exact on daylight-saving days and a
 *   calendar file needs no zone table; all three are set together or not at all. quote_id links an
 *   order made from an Approved quote (at most one order per quote); cancel_reason says why the
 *   office cancelled it.
 * - work_order_events keeps the schedule a 'schedule' event set (same three columns), written by a
 *   trigger like the status rows of migration 011, so a schedule put in with plain SQL is in the
 *   timeline too; the 'status' row of a cancellation carries the reason in body. 'note' rows are
 *   written by the application (server/modules/work-orders/office-actions.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE work_orders
      ADD COLUMN scheduled_date date,
      ADD COLUMN arrival_start  timestamptz,
      ADD COLUMN arrival_end    timestamptz,
      ADD COLUMN quote_id       bigint REFERENCES quotes (id) ON DELETE SET NULL,
      ADD COLUMN cancel_reason  text,
      ADD CONSTRAINT work_orders_schedule_whole
        CHECK ((scheduled_date IS NULL) = (arrival_start IS NULL) AND (arrival_start IS NULL) = (arrival_end IS NULL)),
      ADD CONSTRAINT work_orders_arrival_order CHECK (arrival_end > arrival_start);
    CREATE UNIQUE INDEX work_orders_quote_key ON work_orders (quote_id) WHERE quote_id IS NOT NULL;

    ALTER TABLE work_order_events
      ADD COLUMN scheduled_date date,
      ADD COLUMN arrival_start  timestamptz,
      ADD COLUMN arrival_end    timestamptz;
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  await sql`
    CREATE OR REPLACE FUNCTION log_work_order_status() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO work_order_events (work_order_id, at, actor_email, kind, to_status, visible_to_customer)
        VALUES (NEW.id, NEW.submitted_at, portal_actor(), 'created', NEW.status, true);
      ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
        INSERT INTO work_order_events (work_order_id, actor_email, kind, from_status, to_status, body, visible_to_customer)
        VALUES (NEW.id, portal_actor(), 'status', OLD.status, NEW.status,
                CASE WHEN NEW.status = 'Cancelled' THEN nullif(btrim(NEW.cancel_reason), '') END, true);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION log_work_order_schedule() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    BEGIN
      IF (TG_OP = 'INSERT' AND NEW.arrival_start IS NOT NULL)
         OR (TG_OP = 'UPDATE' AND (NEW.scheduled_date, NEW.arrival_start, NEW.arrival_end)
                                  IS DISTINCT FROM (OLD.scheduled_date, OLD.arrival_start, OLD.arrival_end)) THEN
        INSERT INTO work_order_events (work_order_id, actor_email, kind, scheduled_date, arrival_start, arrival_end, visible_to_customer)
        VALUES (NEW.id, portal_actor(), 'schedule', NEW.scheduled_date, NEW.arrival_start, NEW.arrival_end, true);
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER work_orders_log_schedule AFTER INSERT OR UPDATE OF scheduled_date, arrival_start, arrival_end ON work_orders
      FOR EACH ROW EXECUTE FUNCTION log_work_order_schedule();
  `,
  );
}
