-- The office Inbox (office_inbox, contracts/office/inbox.ts; docs/features/office.md) is written by
-- triggers, in the same transaction as the record, so a record put in with plain SQL arrives exactly
-- as one made through the portal. Entries open:
-- * 'work_request': a new Pending work order that is no office action (portal.actor unset);
-- * 'order_cancelled': an order cancelled by its own customer (portal.email is theirs, no portal.actor);
-- * 'revision_request': a new revision request (quote_requests row);
-- * 'quote_approved' / 'quote_declined': a customer's decision (quote_approvals row).
-- And close by themselves (done_by 'system') once the work they ask for is done, however it was done:
-- * 'work_request' when its order leaves Pending, is scheduled, or a quote made from it is sent;
-- * 'revision_request' when a new version of the quote is sent or the request is answered in words;
-- * 'quote_approved' when an order is linked to the quote.
-- SECURITY DEFINER: a customer's transaction makes entries it cannot read or write.

CREATE OR REPLACE FUNCTION inbox_work_order() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
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
$$;

CREATE OR REPLACE FUNCTION inbox_work_order_progress() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
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
$$;

CREATE OR REPLACE FUNCTION inbox_revision_request() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO office_inbox (kind, email, quote_id, quote_request_id, summary)
  VALUES ('revision_request', NEW.email, NEW.quote_id, NEW.id, NEW.message);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION inbox_revision_answered() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE office_inbox SET done_at = now(), done_by = 'system'
   WHERE kind = 'revision_request' AND quote_id = NEW.quote_id AND done_at IS NULL AND at <= NEW.answered_at;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION inbox_quote_decision() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO office_inbox (kind, email, quote_id, summary)
  SELECT CASE NEW.decision WHEN 'Approved' THEN 'quote_approved' ELSE 'quote_declined' END,
         q.email, NEW.quote_id,
         CASE WHEN NEW.decision = 'Declined' AND coalesce(NEW.reason, '') <> '' THEN NEW.reason
              ELSE coalesce(q.description, '') END
  FROM quotes q WHERE q.id = NEW.quote_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION inbox_quote_version_sent() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE office_inbox SET done_at = now(), done_by = 'system'
   WHERE kind = 'revision_request' AND quote_id = NEW.quote_id AND done_at IS NULL AND at <= NEW.sent_at;
  UPDATE office_inbox i SET done_at = now(), done_by = 'system'
    FROM quotes q
   WHERE q.id = NEW.quote_id AND i.kind = 'work_request' AND i.work_order_id = q.work_order_id AND i.done_at IS NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER work_orders_inbox AFTER INSERT OR UPDATE OF status ON work_orders
  FOR EACH ROW EXECUTE FUNCTION inbox_work_order();
CREATE OR REPLACE TRIGGER work_orders_inbox_progress AFTER INSERT OR UPDATE OF arrival_start, quote_id ON work_orders
  FOR EACH ROW EXECUTE FUNCTION inbox_work_order_progress();
CREATE OR REPLACE TRIGGER quote_requests_inbox AFTER INSERT ON quote_requests
  FOR EACH ROW EXECUTE FUNCTION inbox_revision_request();
CREATE OR REPLACE TRIGGER quote_requests_inbox_answered AFTER UPDATE OF answered_at ON quote_requests
  FOR EACH ROW WHEN (NEW.answered_at IS NOT NULL) EXECUTE FUNCTION inbox_revision_answered();
CREATE OR REPLACE TRIGGER quote_approvals_inbox AFTER INSERT ON quote_approvals
  FOR EACH ROW EXECUTE FUNCTION inbox_quote_decision();
CREATE OR REPLACE TRIGGER quote_versions_inbox_sent AFTER INSERT OR UPDATE OF sent_at ON quote_versions
  FOR EACH ROW WHEN (NEW.sent_at IS NOT NULL) EXECUTE FUNCTION inbox_quote_version_sent();
