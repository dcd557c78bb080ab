-- Signature evidence (contract-spec.md §1): signed documents and the signer's events, kept for good.
-- * signature_events is a hash chain per document (document_kind, document_id): each row holds the
--   SHA-256 of the row before it (prev_hash; 64 zeros for the first) and its own (hash), computed here
--   by signature_event_chain() under a lock on the document, so two parallel inserts cannot fork it.
--   What is hashed is signature_event_text() (domain/signatures/chain.ts writes the same text, and
--   verifyChain there checks a chain read back). Nobody updates, deletes or truncates a row: the
--   triggers refuse it to every role, the owner and a superuser included, unless a trigger is first
--   dropped or disabled (a visible schema change; the chain then shows the edit).
-- * 'sent' and 'first_opened' are written by triggers on quote_versions.sent_at and quotes.viewed_at
--   (a change order's 'sent' and 'first_opened' by ones on change_orders.sent_at and viewed_at),
--   whoever sets them; 'consented', 'signed' and 'copy_emailed' by the approval
--   (server/modules/signatures/record-signed-document.ts).
-- * signed_documents keeps the signed PDF and its SHA-256: never changed; removed only with its quote.
-- * signature_seals (decision 269): the approval writes one row per signed document to make, in its
--   transaction ('consented' and 'signed' with it); the seal (server/modules/signatures/seal.ts, the
--   application's own role) makes the document, records 'copy_emailed' and marks the row sealed.
-- Its policies and grants are here too (one concern, one file); both roles read, only the customer's
-- role inserts, and only for its own quotes.

CREATE OR REPLACE FUNCTION signature_event_text(prev_hash text, document_kind text, document_id bigint, at timestamptz,
  event text, person_id text, ip text, user_agent text, details jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT concat_ws(E'\n', prev_hash, document_kind, document_id::text,
    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), event,
    coalesce(person_id, ''), coalesce(ip, ''), coalesce(user_agent, ''), details::text)
$$;

CREATE OR REPLACE FUNCTION signature_event_chain() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('signature_events:' || NEW.document_kind || ':' || NEW.document_id, 0));
  -- Milliseconds: what a JavaScript Date holds, so the chain can be checked outside the database.
  NEW.at := date_trunc('milliseconds', coalesce(NEW.at, clock_timestamp()));
  NEW.details := coalesce(NEW.details, '{}'::jsonb);
  NEW.prev_hash := coalesce((SELECT e.hash FROM signature_events e
                              WHERE e.document_kind = NEW.document_kind AND e.document_id = NEW.document_id
                              ORDER BY e.id DESC LIMIT 1), repeat('0', 64));
  NEW.hash := encode(sha256(convert_to(signature_event_text(NEW.prev_hash, NEW.document_kind, NEW.document_id, NEW.at,
    NEW.event, NEW.person_id, NEW.ip, NEW.user_agent, NEW.details), 'UTF8')), 'hex');
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION signature_evidence_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'signed_documents' AND TG_OP = 'DELETE' THEN
    -- (nested: plpgsql does not stop at the first false condition, and only this table has quote_id)
    IF OLD.quote_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM quotes WHERE id = OLD.quote_id) THEN
      RETURN OLD; -- the whole quote is being deleted
    END IF;
  END IF;
  RAISE EXCEPTION '% is insert-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE TRIGGER signature_events_chain BEFORE INSERT ON signature_events
  FOR EACH ROW EXECUTE FUNCTION signature_event_chain();
CREATE OR REPLACE TRIGGER signature_events_kept BEFORE UPDATE OR DELETE ON signature_events
  FOR EACH ROW EXECUTE FUNCTION signature_evidence_is_kept();
CREATE OR REPLACE TRIGGER signature_events_not_truncated BEFORE TRUNCATE ON signature_events
  FOR EACH STATEMENT EXECUTE FUNCTION signature_evidence_is_kept();
CREATE OR REPLACE TRIGGER signed_documents_kept BEFORE UPDATE OR DELETE ON signed_documents
  FOR EACH ROW EXECUTE FUNCTION signature_evidence_is_kept();
CREATE OR REPLACE TRIGGER signed_documents_not_truncated BEFORE TRUNCATE ON signed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION signature_evidence_is_kept();

-- 'sent': a version of a quote is sent (the application or plain SQL sets sent_at).
CREATE OR REPLACE FUNCTION signature_event_quote_sent() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.sent_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.sent_at IS NULL) THEN
    INSERT INTO signature_events (document_kind, document_id, at, event, details)
    VALUES ('quote', NEW.quote_id, NEW.sent_at, 'sent', jsonb_build_object('version', NEW.version));
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER quote_versions_signature_sent AFTER INSERT OR UPDATE OF sent_at ON quote_versions
  FOR EACH ROW EXECUTE FUNCTION signature_event_quote_sent();

-- 'first_opened': the customer first opens the sent version (quotes.viewed_at, reset at each send).
CREATE OR REPLACE FUNCTION signature_event_quote_opened() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF OLD.viewed_at IS NULL AND NEW.viewed_at IS NOT NULL AND NEW.current_version IS NOT NULL THEN
    INSERT INTO signature_events (document_kind, document_id, at, event, details)
    VALUES ('quote', NEW.id, NEW.viewed_at, 'first_opened', jsonb_build_object('version', NEW.current_version));
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER quotes_signature_opened AFTER UPDATE OF viewed_at ON quotes
  FOR EACH ROW EXECUTE FUNCTION signature_event_quote_opened();

-- 'sent' of a change order (contract-spec §2, signed on its own): its number is its "version".
CREATE OR REPLACE FUNCTION signature_event_change_order_sent() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.sent_at IS NOT NULL AND OLD.sent_at IS NULL THEN
    INSERT INTO signature_events (document_kind, document_id, at, event, details)
    VALUES ('change_order', NEW.id, NEW.sent_at, 'sent', jsonb_build_object('version', NEW.number));
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER change_orders_signature_sent AFTER UPDATE OF sent_at ON change_orders
  FOR EACH ROW EXECUTE FUNCTION signature_event_change_order_sent();

-- 'first_opened' of a change order: the customer first opens a page showing it (change_orders.viewed_at).
CREATE OR REPLACE FUNCTION signature_event_change_order_opened() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF OLD.viewed_at IS NULL AND NEW.viewed_at IS NOT NULL AND NEW.sent_at IS NOT NULL THEN
    INSERT INTO signature_events (document_kind, document_id, at, event, details)
    VALUES ('change_order', NEW.id, NEW.viewed_at, 'first_opened', jsonb_build_object('version', NEW.number));
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER change_orders_signature_opened AFTER UPDATE OF viewed_at ON change_orders
  FOR EACH ROW EXECUTE FUNCTION signature_event_change_order_opened();

ALTER TABLE signed_documents ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS signed_documents_owner ON signed_documents;
CREATE POLICY signed_documents_owner ON signed_documents FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM quotes q WHERE q.id = signed_documents.quote_id));
DROP POLICY IF EXISTS signed_documents_owner_insert ON signed_documents;
CREATE POLICY signed_documents_owner_insert ON signed_documents FOR INSERT TO portal_customer
  WITH CHECK (EXISTS (SELECT 1 FROM quotes q WHERE q.id = signed_documents.quote_id)
    AND (change_order_id IS NULL OR EXISTS (SELECT 1 FROM change_orders co
      WHERE co.id = signed_documents.change_order_id AND co.quote_id = signed_documents.quote_id)));
DROP POLICY IF EXISTS signed_documents_office ON signed_documents;
CREATE POLICY signed_documents_office ON signed_documents FOR SELECT TO portal_office USING (true);

ALTER TABLE signature_events ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS signature_events_owner ON signature_events;
CREATE POLICY signature_events_owner ON signature_events FOR SELECT TO portal_customer
  USING ((document_kind = 'quote' AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = signature_events.document_id))
    OR (document_kind = 'change_order' AND EXISTS (SELECT 1 FROM change_orders co WHERE co.id = signature_events.document_id)));
DROP POLICY IF EXISTS signature_events_owner_insert ON signature_events;
CREATE POLICY signature_events_owner_insert ON signature_events FOR INSERT TO portal_customer
  WITH CHECK ((document_kind = 'quote' AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = signature_events.document_id))
    OR (document_kind = 'change_order' AND EXISTS (SELECT 1 FROM change_orders co WHERE co.id = signature_events.document_id)));
DROP POLICY IF EXISTS signature_events_office ON signature_events;
CREATE POLICY signature_events_office ON signature_events FOR SELECT TO portal_office USING (true);

ALTER TABLE signature_seals ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS signature_seals_owner_insert ON signature_seals;
CREATE POLICY signature_seals_owner_insert ON signature_seals FOR INSERT TO portal_customer
  WITH CHECK (EXISTS (SELECT 1 FROM quotes q WHERE q.id = signature_seals.quote_id)
    AND (change_order_id IS NULL OR EXISTS (SELECT 1 FROM change_orders co
      WHERE co.id = signature_seals.change_order_id AND co.quote_id = signature_seals.quote_id)));

REVOKE ALL ON signed_documents, signature_events, signature_verify_hits, signature_seals FROM PUBLIC, portal_customer, portal_office;
GRANT INSERT ON signature_seals TO portal_customer;
GRANT SELECT, INSERT ON signed_documents, signature_events TO portal_customer;
GRANT SELECT ON signed_documents, signature_events TO portal_office;
