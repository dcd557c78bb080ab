-- Quote documents are kept as they were sent, whoever writes (the application, or the office with
-- plain SQL). The same rules in TypeScript (domain/money.ts quoteTotals, domain/quotes/statuses.ts)
-- are run against these functions on many cases by server/platform/db/rules-parity.api.test.ts.
--
-- * A sent version and its lines are never changed or removed; nor is any version (or line) of an
--   approved quote, and an approved quote gets no new version (isFrozenQuote). A whole quote deleted
--   with SQL (ON DELETE CASCADE) still takes its versions, lines and approvals with it.
-- * A version is sent only when its stored subtotal is the sum of its required lines (its tax and
--   total follow from the CHECK constraints of quote_versions: tax = round(subtotal * tax_rate / 100, 2),
--   total = subtotal + tax; a line's line_total = round(quantity * unit_price, 2)).
-- * quotes.current_version names a sent version, and quotes.total is that version's total.
-- * An approval or decline is never changed (but for one move: its pdf_sha256, NULL at approval, set
--   once by the seal to the SHA-256 of its own signed document; decision 269); it is stored only for a sent version, with that
--   version's content hash and, for an approval, the total of the required and chosen optional lines
--   plus their tax (quoteTotals with the chosen lines).
-- * A customer (role portal_customer) moves a quote's status only as the spec lets them: a Sent quote
--   to Approved, Declined or Revision Requested, an Expired one to Revision Requested
--   (customerMayMove in domain/quotes/statuses.ts).
-- * An approved quote's owner e-mail changes only inside move_customer_email (email-change.sql).

CREATE OR REPLACE FUNCTION quote_version_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quote_status text;
  required numeric;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT status INTO quote_status FROM quotes WHERE id = OLD.quote_id;
    IF NOT FOUND THEN
      RETURN OLD; -- the whole quote is being deleted
    ELSIF OLD.sent_at IS NOT NULL OR quote_status = 'Approved' THEN
      RAISE EXCEPTION 'quote % version % is frozen: it was sent', OLD.quote_id, OLD.version USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.sent_at IS NOT NULL THEN
    RAISE EXCEPTION 'quote % version % is frozen: it was sent', OLD.quote_id, OLD.version USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.quote_id, NEW.version) IS DISTINCT FROM (OLD.quote_id, OLD.version) THEN
    RAISE EXCEPTION 'a quote version keeps its quote and number' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  SELECT status INTO quote_status FROM quotes WHERE id = NEW.quote_id;
  IF quote_status = 'Approved' THEN
    RAISE EXCEPTION 'quote % is approved and frozen', NEW.quote_id USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NEW.sent_at IS NOT NULL THEN
    SELECT coalesce(sum(line_total) FILTER (WHERE NOT optional), 0) INTO required
      FROM quote_line_items WHERE quote_id = NEW.quote_id AND version = NEW.version;
    IF NEW.subtotal <> required THEN
      RAISE EXCEPTION 'quote % version %: subtotal % is not the sum of its required lines (%)',
        NEW.quote_id, NEW.version, NEW.subtotal, required USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION quote_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_to_check quote_line_items%ROWTYPE;
  sent timestamptz;
  quote_status text;
BEGIN
  FOREACH row_to_check IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW] WHEN 'DELETE' THEN ARRAY[OLD] ELSE ARRAY[OLD, NEW] END) LOOP
    SELECT v.sent_at, q.status INTO sent, quote_status
      FROM quote_versions v JOIN quotes q ON q.id = v.quote_id
      WHERE v.quote_id = row_to_check.quote_id AND v.version = row_to_check.version;
    CONTINUE WHEN NOT FOUND; -- deleted with its version or quote; an insert fails on its foreign key
    IF sent IS NOT NULL OR quote_status = 'Approved' THEN
      RAISE EXCEPTION 'quote % version % is frozen: its lines cannot change', row_to_check.quote_id, row_to_check.version USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
  END LOOP;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE OR REPLACE FUNCTION quote_approval_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v quote_versions%ROWTYPE;
  chosen numeric;
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM quotes WHERE id = OLD.quote_id) THEN
    RETURN OLD; -- the whole quote is being deleted
  ELSIF TG_OP = 'UPDATE' AND OLD.pdf_sha256 IS NULL AND NEW.pdf_sha256 IS NOT NULL
        AND to_jsonb(NEW) - 'pdf_sha256' = to_jsonb(OLD) - 'pdf_sha256'
        AND NEW.pdf_sha256 = (SELECT d.pdf_sha256 FROM signed_documents d
                               WHERE d.quote_id = NEW.quote_id AND d.version = NEW.version AND d.change_order_id IS NULL) THEN
    RETURN NEW; -- the seal's one move (decision 269): the SHA-256 of this approval's own signed document, once
  ELSIF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a quote approval is never changed or removed' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  SELECT * INTO v FROM quote_versions WHERE quote_id = NEW.quote_id AND version = NEW.version;
  IF NOT FOUND OR v.sent_at IS NULL THEN
    RAISE EXCEPTION 'quote % version % was not sent: it cannot be decided', NEW.quote_id, NEW.version USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NEW.content_hash IS DISTINCT FROM v.content_hash THEN
    RAISE EXCEPTION 'the approval must carry the content hash of the version it decides' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.decision = 'Approved' THEN
    IF EXISTS (SELECT 1 FROM unnest(NEW.optional_item_ids) AS picked(id) WHERE NOT EXISTS (
          SELECT 1 FROM quote_line_items l
          WHERE l.id = picked.id AND l.quote_id = NEW.quote_id AND l.version = NEW.version AND l.optional)) THEN
      RAISE EXCEPTION 'the chosen lines must be optional lines of the approved version' USING ERRCODE = 'check_violation';
    END IF;
    SELECT coalesce(sum(line_total), 0) INTO chosen FROM quote_line_items
      WHERE quote_id = NEW.quote_id AND version = NEW.version AND (NOT optional OR id = ANY (NEW.optional_item_ids));
    IF NEW.total <> chosen + round(chosen * v.tax_rate / 100, 2) THEN
      RAISE EXCEPTION 'approved total % is not that of the required and chosen lines (%)', NEW.total,
        chosen + round(chosen * v.tax_rate / 100, 2) USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION quote_document_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v quote_versions%ROWTYPE;
BEGIN
  IF OLD.current_version IS NOT NULL AND OLD.status = 'Approved'
     AND ((NEW.status, NEW.total, NEW.current_version, NEW.valid_until, NEW.description)
          IS DISTINCT FROM (OLD.status, OLD.total, OLD.current_version, OLD.valid_until, OLD.description)
          OR (NEW.email IS DISTINCT FROM OLD.email
              AND current_setting('portal.email_move', true) IS DISTINCT FROM lower(OLD.email) || ' ' || lower(NEW.email))) THEN
    RAISE EXCEPTION 'quote % is approved and frozen', OLD.id USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NEW.current_version IS NOT NULL
     AND (NEW.current_version, NEW.total) IS DISTINCT FROM (OLD.current_version, OLD.total) THEN
    SELECT * INTO v FROM quote_versions WHERE quote_id = NEW.id AND version = NEW.current_version;
    IF v.sent_at IS NULL THEN
      RAISE EXCEPTION 'quote %: the current version must be a sent one', NEW.id USING ERRCODE = 'check_violation';
    ELSIF NEW.total <> v.total THEN
      RAISE EXCEPTION 'quote %: total % must be the current version''s total %', NEW.id, NEW.total, v.total
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF current_user = 'portal_customer' AND NEW.status IS DISTINCT FROM OLD.status
     AND NOT ((OLD.status = 'Sent' AND NEW.status IN ('Approved', 'Declined', 'Revision Requested'))
              OR (OLD.status = 'Expired' AND NEW.status = 'Revision Requested')) THEN
    RAISE EXCEPTION 'a customer cannot move a quote from % to %', OLD.status, NEW.status USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER quote_versions_frozen BEFORE INSERT OR UPDATE OR DELETE ON quote_versions
  FOR EACH ROW EXECUTE FUNCTION quote_version_guard();
CREATE OR REPLACE TRIGGER quote_line_items_frozen BEFORE INSERT OR UPDATE OR DELETE ON quote_line_items
  FOR EACH ROW EXECUTE FUNCTION quote_line_guard();
CREATE OR REPLACE TRIGGER quote_approvals_kept BEFORE INSERT OR UPDATE OR DELETE ON quote_approvals
  FOR EACH ROW EXECUTE FUNCTION quote_approval_guard();
CREATE OR REPLACE TRIGGER quotes_document_rules BEFORE UPDATE ON quotes
  FOR EACH ROW EXECUTE FUNCTION quote_document_guard();
