import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Hand-written history rows that the status trigger (migration 011) already wrote are absorbed.
 *
 * Before 011 the office logged each quote status by hand, after the INSERT or UPDATE of the quote
 * (`INSERT INTO quote_status_log (quote_id, status) VALUES (id, 'Sent')`), and older scripts still do.
 * With the trigger that would show the customer every status twice. A row inserted by hand is
 * therefore skipped when it repeats, in (quote_id, status), that quote's latest row, and that latest
 * row was written by the trigger within the last 10 minutes and has not already absorbed a hand row.
 * A hand row that names its own "timestamp" moves the trigger's row to it (the writer meant that
 * date). Any other hand row (a back-filled older status, a second identical row, a row for a status
 * the quote is not in) is kept as before.
 *
 * quote_status_auto remembers, per quote, the trigger's latest row and when it was written; a new
 * status of the quote replaces it, so it holds at most one row per quote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE quote_status_auto (
      quote_id   bigint PRIMARY KEY REFERENCES quotes (id) ON DELETE CASCADE,
      log_id     bigint NOT NULL REFERENCES quote_status_log (id) ON DELETE CASCADE,
      written_at timestamptz NOT NULL DEFAULT clock_timestamp()
    );
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  await sql`
    CREATE OR REPLACE FUNCTION log_quote_status() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      logged bigint;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (NEW.id, NEW.status, NEW.created_at)
          RETURNING id INTO logged;
      ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
        INSERT INTO quote_status_log (quote_id, status) VALUES (NEW.id, NEW.status) RETURNING id INTO logged;
      ELSE
        RETURN NULL;
      END IF;
      INSERT INTO quote_status_auto (quote_id, log_id) VALUES (NEW.id, logged)
        ON CONFLICT (quote_id) DO UPDATE SET log_id = EXCLUDED.log_id, written_at = EXCLUDED.written_at;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION absorb_repeated_status() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path FROM CURRENT AS $$
    DECLARE
      latest quote_status_log%ROWTYPE;
    BEGIN
      -- Rows written by the status trigger itself (one trigger level down) always go in.
      IF pg_trigger_depth() > 1 THEN
        RETURN NEW;
      END IF;
      SELECT l.* INTO latest FROM quote_status_auto a JOIN quote_status_log l ON l.id = a.log_id
        WHERE a.quote_id = NEW.quote_id
          AND a.written_at > clock_timestamp() - interval '10 minutes'
          AND l.id = (SELECT max(id) FROM quote_status_log WHERE quote_id = NEW.quote_id)
          AND l.status = NEW.status;
      IF NOT FOUND THEN
        RETURN NEW;
      END IF;
      DELETE FROM quote_status_auto WHERE quote_id = NEW.quote_id;
      IF NEW."timestamp" IS DISTINCT FROM now() THEN
        UPDATE quote_status_log SET "timestamp" = NEW."timestamp" WHERE id = latest.id;
      END IF;
      RETURN NULL;
    END
    $$`.execute(db);
  await execStatements(
    db,
    `
    CREATE TRIGGER quote_status_log_absorb_repeat BEFORE INSERT ON quote_status_log
      FOR EACH ROW EXECUTE FUNCTION absorb_repeated_status();
  `,
  );
}
