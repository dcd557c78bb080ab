-- A quote's status history (quote_status_log), written by the database itself, so a change made by
-- the application, by the customer or by the office's plain SQL is logged alike, exactly once.
--
-- * Every CHANGE of quotes.status is logged; putting a quote in is not a change (the office inserts
--   quotes together with their history rows).
-- * A hand-written row that repeats the trigger's latest row of that quote (same status, written in
--   the last 10 minutes, not yet absorbing one) is absorbed; if it names its own "timestamp", the
--   trigger's row moves to it (the writer meant that date). quote_status_auto remembers, per quote,
--   the trigger's latest row and when it was written.
-- * quote_status_log.reader is the lower-case e-mail of the customer who may read the row (NULL while
--   the quote is a Draft): the quotes_owner policy evaluated on the row's quote, kept by two triggers,
--   so the customer's policy on the log compares a column (row-level-security.sql).
-- SECURITY DEFINER: a customer's own status change is logged without any right on these tables.

CREATE OR REPLACE FUNCTION log_quote_status() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
DECLARE
  logged bigint;
BEGIN
  IF NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  INSERT INTO quote_status_log (quote_id, status) VALUES (NEW.id, NEW.status) RETURNING id INTO logged;
  INSERT INTO quote_status_auto (quote_id, log_id) VALUES (NEW.id, logged)
    ON CONFLICT (quote_id) DO UPDATE SET log_id = EXCLUDED.log_id, written_at = EXCLUDED.written_at;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION absorb_repeated_status() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
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
$$;

CREATE OR REPLACE FUNCTION quote_status_log_set_reader() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  NEW.reader := (SELECT CASE WHEN q.status <> 'Draft' THEN lower(q.email) END FROM quotes q WHERE q.id = NEW.quote_id);
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION quote_status_log_follow_quote() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
DECLARE
  next_reader text := CASE WHEN NEW.status <> 'Draft' THEN lower(NEW.email) END;
BEGIN
  UPDATE quote_status_log SET reader = next_reader
    WHERE quote_id = NEW.id AND reader IS DISTINCT FROM next_reader;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER quotes_log_status AFTER UPDATE OF status ON quotes
  FOR EACH ROW EXECUTE FUNCTION log_quote_status();
CREATE OR REPLACE TRIGGER quote_status_log_absorb_repeat BEFORE INSERT ON quote_status_log
  FOR EACH ROW EXECUTE FUNCTION absorb_repeated_status();
CREATE OR REPLACE TRIGGER quote_status_log_reader BEFORE INSERT OR UPDATE OF quote_id, reader ON quote_status_log
  FOR EACH ROW EXECUTE FUNCTION quote_status_log_set_reader();
CREATE OR REPLACE TRIGGER quotes_status_log_reader AFTER UPDATE OF email, status ON quotes
  FOR EACH ROW
  WHEN ((CASE WHEN NEW.status <> 'Draft' THEN lower(NEW.email) END)
        IS DISTINCT FROM (CASE WHEN OLD.status <> 'Draft' THEN lower(OLD.email) END))
  EXECUTE FUNCTION quote_status_log_follow_quote();
