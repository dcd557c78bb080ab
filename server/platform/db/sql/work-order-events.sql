-- A work order's timeline (work_order_events), written by the database itself, so a change made by
-- the application, by the customer's cancel or by the office's plain SQL is in it alike:
-- * a 'created' row for a new order (at submitted_at) and a 'status' row on every change of
--   work_orders.status (a cancellation's row carries cancel_reason in body);
-- * a 'schedule' row whenever the schedule (scheduled_date, arrival_start, arrival_end) is set or moved.
-- 'note' rows are written by the application. The actor is portal_actor(): portal.actor set by
-- office code (office-scope.ts), else portal.email inside a customer's scope, else nobody (plain SQL).
-- SECURITY DEFINER: a customer may cancel its order but not write history rows itself.

CREATE OR REPLACE FUNCTION portal_actor() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('portal.actor', true), ''),
                  nullif(current_setting('portal.email', true), ''))
$$;

CREATE OR REPLACE FUNCTION log_work_order_status() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
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
$$;

CREATE OR REPLACE FUNCTION log_work_order_schedule() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF (TG_OP = 'INSERT' AND NEW.arrival_start IS NOT NULL)
     OR (TG_OP = 'UPDATE' AND (NEW.scheduled_date, NEW.arrival_start, NEW.arrival_end)
                              IS DISTINCT FROM (OLD.scheduled_date, OLD.arrival_start, OLD.arrival_end)) THEN
    INSERT INTO work_order_events (work_order_id, actor_email, kind, scheduled_date, arrival_start, arrival_end, visible_to_customer)
    VALUES (NEW.id, portal_actor(), 'schedule', NEW.scheduled_date, NEW.arrival_start, NEW.arrival_end, true);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER work_orders_log_status AFTER INSERT OR UPDATE OF status ON work_orders
  FOR EACH ROW EXECUTE FUNCTION log_work_order_status();
CREATE OR REPLACE TRIGGER work_orders_log_schedule AFTER INSERT OR UPDATE OF scheduled_date, arrival_start, arrival_end ON work_orders
  FOR EACH ROW EXECUTE FUNCTION log_work_order_schedule();
