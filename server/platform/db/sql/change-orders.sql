-- Change orders (contract-spec §2): a priced change to an approved quote, signed on its own.
-- The same rules in TypeScript (domain/change-orders/) are run against these functions by
-- server/modules/change-orders/change-orders-parity.api.test.ts.
--
-- * The contract total of a quote is ONE definition, contract_total(quote_id): the signed total (the
--   approved decision's total, or quotes.total for an Approved quote put in with plain SQL) plus the
--   amounts of its approved change orders (contract_total_of). Every page reads it from here.
-- * A change order is made only on an Approved quote, as a Draft. It is sent once: then it is frozen
--   (lines and figures never change again), its subtotal_after - subtotal_before is its lines' change,
--   its total_before is the contract total at that moment, base_approved is how many approved change
--   orders the contract had, and amount = total_after - total_before (a CHECK).
-- * Only a customer decides (Sent -> Approved or Declined), once, and not after 'Answer by' (a day in
--   the company's time zone, stored with the order): change_order_listed_status says Expired then.
--   An approval is refused when another change order was approved since this one was sent (the
--   contract it changes is not the one it was written against); the quote row is locked first, so of
--   two approvals racing on one contract exactly one wins.
-- * A decision (change_order_approvals) is never changed or removed (but for the seal's one move of its
--   pdf_sha256 from NULL to its signed document's SHA-256; decision 269) and carries the order's content hash.

CREATE OR REPLACE FUNCTION contract_total_of(signed numeric, approved numeric[]) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT signed + coalesce((SELECT sum(a) FROM unnest(approved) AS a), 0)
$$;

CREATE OR REPLACE FUNCTION contract_total(p_quote_id bigint) RETURNS numeric
LANGUAGE sql STABLE AS $$
  SELECT contract_total_of(
           coalesce((SELECT a.total FROM quote_approvals a
                      WHERE a.quote_id = q.id AND a.decision = 'Approved'
                      ORDER BY a.decided_at DESC, a.id DESC LIMIT 1), q.total),
           ARRAY(SELECT c.amount FROM change_orders c WHERE c.quote_id = q.id AND c.status = 'Approved'))
    FROM quotes q
   WHERE q.id = p_quote_id AND q.status = 'Approved'
$$;

CREATE OR REPLACE FUNCTION change_order_listed_status(status text, answer_by date, today date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'Sent' AND answer_by < today THEN 'Expired' ELSE status END
$$;

CREATE OR REPLACE FUNCTION change_order_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quote_status text;
  approved_count integer;
  line_delta numeric;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM quotes WHERE id = OLD.quote_id) THEN
      RETURN OLD; -- the whole quote is being deleted
    ELSIF OLD.sent_at IS NOT NULL THEN
      RAISE EXCEPTION 'change order % is frozen: it was sent', OLD.id USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT status INTO quote_status FROM quotes WHERE id = NEW.quote_id;
    IF quote_status IS DISTINCT FROM 'Approved' THEN
      RAISE EXCEPTION 'quote % is not approved: a change order changes an approved quote', NEW.quote_id
        USING ERRCODE = 'object_not_in_prerequisite_state';
    ELSIF NEW.status <> 'Draft' OR NEW.sent_at IS NOT NULL THEN
      RAISE EXCEPTION 'a change order starts as a draft' USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW.quote_id, NEW.number) IS DISTINCT FROM (OLD.quote_id, OLD.number) THEN
    RAISE EXCEPTION 'a change order keeps its quote and number' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF OLD.sent_at IS NOT NULL THEN
    IF (NEW.reason, NEW.added_days, NEW.answer_by, NEW.amount, NEW.sent_at, NEW.content_hash, NEW.tax_rate,
        NEW.subtotal_before, NEW.subtotal_after, NEW.total_before, NEW.total_after, NEW.base_approved,
        NEW.time_zone, NEW.created_at, NEW.created_by)
       IS DISTINCT FROM
       (OLD.reason, OLD.added_days, OLD.answer_by, OLD.amount, OLD.sent_at, OLD.content_hash, OLD.tax_rate,
        OLD.subtotal_before, OLD.subtotal_after, OLD.total_before, OLD.total_after, OLD.base_approved,
        OLD.time_zone, OLD.created_at, OLD.created_by)
       OR (NEW.work_order_id IS DISTINCT FROM OLD.work_order_id AND NEW.work_order_id IS NOT NULL) THEN
      RAISE EXCEPTION 'change order % is frozen: it was sent', OLD.id USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF NEW.status IS DISTINCT FROM OLD.status THEN
      IF OLD.status <> 'Sent' OR NEW.status NOT IN ('Approved', 'Declined') THEN
        RAISE EXCEPTION 'change order % is %: it cannot become %', OLD.id, OLD.status, NEW.status
          USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'change_order_decided';
      ELSIF current_user = 'portal_office' THEN
        RAISE EXCEPTION 'only the customer decides a change order' USING ERRCODE = 'insufficient_privilege';
      ELSIF change_order_listed_status(OLD.status, OLD.answer_by, (now() AT TIME ZONE OLD.time_zone)::date) = 'Expired' THEN
        RAISE EXCEPTION 'change order % expired on %', OLD.id, OLD.answer_by
          USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'change_order_expired';
      END IF;
      IF NEW.status = 'Approved' THEN
        -- One approval at a time per contract: the second waits here, then counts the first.
        PERFORM 1 FROM quotes WHERE id = NEW.quote_id FOR UPDATE;
        SELECT count(*) INTO approved_count FROM change_orders
         WHERE quote_id = NEW.quote_id AND status = 'Approved' AND id <> NEW.id;
        IF approved_count <> OLD.base_approved THEN
          RAISE EXCEPTION 'the contract of quote % changed since change order % was sent', NEW.quote_id, OLD.id
            USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'contract_changed';
        END IF;
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status <> 'Draft' THEN
    IF NEW.status <> 'Sent' THEN
      RAISE EXCEPTION 'change order % is a draft: it is sent before it is decided', OLD.id
        USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    SELECT coalesce(sum(CASE change WHEN 'added' THEN line_total WHEN 'removed' THEN -line_total
                                    ELSE line_total - old_line_total END), 0)
      INTO line_delta FROM change_order_lines WHERE change_order_id = NEW.id;
    IF NEW.subtotal_after - NEW.subtotal_before <> line_delta THEN
      RAISE EXCEPTION 'change order %: the subtotal changes by %, its lines by %', NEW.id,
        NEW.subtotal_after - NEW.subtotal_before, line_delta USING ERRCODE = 'check_violation';
    ELSIF NEW.total_before IS DISTINCT FROM contract_total(NEW.quote_id) THEN
      RAISE EXCEPTION 'change order %: total before % is not the contract total %', NEW.id, NEW.total_before,
        contract_total(NEW.quote_id) USING ERRCODE = 'check_violation', HINT = 'contract_changed';
    END IF;
    SELECT count(*) INTO approved_count FROM change_orders WHERE quote_id = NEW.quote_id AND status = 'Approved';
    IF NEW.base_approved <> approved_count THEN
      RAISE EXCEPTION 'change order %: written against % approved change orders, the contract has %', NEW.id,
        NEW.base_approved, approved_count USING ERRCODE = 'check_violation', HINT = 'contract_changed';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION change_order_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_to_check change_order_lines%ROWTYPE;
  sent timestamptz;
BEGIN
  FOREACH row_to_check IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW] WHEN 'DELETE' THEN ARRAY[OLD] ELSE ARRAY[OLD, NEW] END) LOOP
    SELECT sent_at INTO sent FROM change_orders WHERE id = row_to_check.change_order_id;
    CONTINUE WHEN NOT FOUND; -- deleted with its change order; an insert fails on its foreign key
    IF sent IS NOT NULL THEN
      RAISE EXCEPTION 'change order % is frozen: its lines cannot change', row_to_check.change_order_id
        USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
  END LOOP;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE OR REPLACE FUNCTION change_order_approval_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c change_orders%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM change_orders WHERE id = OLD.change_order_id) THEN
    RETURN OLD; -- the whole change order (or quote) is being deleted
  ELSIF TG_OP = 'UPDATE' AND OLD.pdf_sha256 IS NULL AND NEW.pdf_sha256 IS NOT NULL
        AND to_jsonb(NEW) - 'pdf_sha256' = to_jsonb(OLD) - 'pdf_sha256'
        AND NEW.pdf_sha256 = (SELECT d.pdf_sha256 FROM signed_documents d WHERE d.change_order_id = NEW.change_order_id) THEN
    RETURN NEW; -- the seal's one move (decision 269): the SHA-256 of this approval's own signed document, once
  ELSIF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a change order decision is never changed or removed' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  SELECT * INTO c FROM change_orders WHERE id = NEW.change_order_id;
  IF NOT FOUND OR c.status IS DISTINCT FROM NEW.decision THEN
    RAISE EXCEPTION 'change order %: a decision is stored with the status it gives', NEW.change_order_id
      USING ERRCODE = 'object_not_in_prerequisite_state';
  ELSIF NEW.content_hash IS DISTINCT FROM c.content_hash THEN
    RAISE EXCEPTION 'the decision must carry the content hash of the change order it decides' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER change_orders_rules BEFORE INSERT OR UPDATE OR DELETE ON change_orders
  FOR EACH ROW EXECUTE FUNCTION change_order_guard();
CREATE OR REPLACE TRIGGER change_order_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON change_order_lines
  FOR EACH ROW EXECUTE FUNCTION change_order_line_guard();
CREATE OR REPLACE TRIGGER change_order_approvals_kept BEFORE INSERT OR UPDATE OR DELETE ON change_order_approvals
  FOR EACH ROW EXECUTE FUNCTION change_order_approval_guard();

-- Who sees what: a customer its own quotes' change orders once sent (quotes_owner decides whose), their
-- lines and decisions; the office everything.
ALTER TABLE change_orders ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS change_orders_owner ON change_orders;
CREATE POLICY change_orders_owner ON change_orders TO portal_customer
  USING (status <> 'Draft' AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = change_orders.quote_id));
DROP POLICY IF EXISTS change_orders_office ON change_orders;
CREATE POLICY change_orders_office ON change_orders TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE change_order_lines ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS change_order_lines_owner ON change_order_lines;
CREATE POLICY change_order_lines_owner ON change_order_lines FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM change_orders c WHERE c.id = change_order_lines.change_order_id));
DROP POLICY IF EXISTS change_order_lines_office ON change_order_lines;
CREATE POLICY change_order_lines_office ON change_order_lines TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE change_order_approvals ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS change_order_approvals_owner ON change_order_approvals;
CREATE POLICY change_order_approvals_owner ON change_order_approvals FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM change_orders c WHERE c.id = change_order_approvals.change_order_id));
DROP POLICY IF EXISTS change_order_approvals_owner_insert ON change_order_approvals;
CREATE POLICY change_order_approvals_owner_insert ON change_order_approvals FOR INSERT TO portal_customer
  WITH CHECK (EXISTS (SELECT 1 FROM change_orders c WHERE c.id = change_order_approvals.change_order_id));
DROP POLICY IF EXISTS change_order_approvals_office ON change_order_approvals;
CREATE POLICY change_order_approvals_office ON change_order_approvals FOR SELECT TO portal_office USING (true);

REVOKE ALL ON change_orders, change_order_lines, change_order_approvals FROM portal_customer, portal_office;
GRANT SELECT ON change_orders, change_order_lines TO portal_customer;
GRANT UPDATE (status, viewed_at) ON change_orders TO portal_customer;
GRANT SELECT, INSERT ON change_order_approvals TO portal_customer;
GRANT SELECT, INSERT, UPDATE, DELETE ON change_orders, change_order_lines TO portal_office;
GRANT SELECT ON change_order_approvals TO portal_office;
