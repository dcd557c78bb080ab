-- Row-level security: what each database role sees of each table (the audit log's own policies are in
-- audit-log.sql). Defense in depth: a query that forgot its owner filter still returns only what the
-- role may see.
-- * portal_customer (server/platform/db/customer-scope.ts) sees only rows whose owner e-mail is the
--   one set for the transaction (portal.email, lower case); never a Draft quote, only SENT versions
--   and their lines; it decides (quote_approvals) only its own quotes' sent versions. Which status
--   moves it may make is quote_document_guard's (quote-freeze.sql); which columns, grants.sql's.
-- * portal_office (server/platform/db/office-scope.ts) sees every customer's rows, and writes what
--   the office writes (grants.sql says which columns).
-- The owner of the tables (the server's role outside those scopes) is not restricted.

ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS customers_owner ON customers;
CREATE POLICY customers_owner ON customers TO portal_customer
  USING (lower(email) = current_setting('portal.email', true));
DROP POLICY IF EXISTS customers_office ON customers;
CREATE POLICY customers_office ON customers TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
-- One policy, both conditions (not a RESTRICTIVE "not Draft"), so quotes_owner_created_idx serves
-- every customer list; it covers UPDATE too, so a customer can neither touch a Draft nor make one.
DROP POLICY IF EXISTS quotes_owner ON quotes;
CREATE POLICY quotes_owner ON quotes TO portal_customer
  USING (lower(email) = current_setting('portal.email', true) AND status <> 'Draft');
DROP POLICY IF EXISTS quotes_office ON quotes;
CREATE POLICY quotes_office ON quotes FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS quotes_office_insert ON quotes;
CREATE POLICY quotes_office_insert ON quotes FOR INSERT TO portal_office WITH CHECK (true);
DROP POLICY IF EXISTS quotes_office_update ON quotes;
CREATE POLICY quotes_office_update ON quotes FOR UPDATE TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE quote_status_log ENABLE ROW LEVEL SECURITY;
-- reader is kept by the triggers of quote-status-log.sql: quotes_owner evaluated on the row's quote.
DROP POLICY IF EXISTS quote_status_log_owner ON quote_status_log;
CREATE POLICY quote_status_log_owner ON quote_status_log TO portal_customer
  USING (reader = current_setting('portal.email', true));
DROP POLICY IF EXISTS quote_status_log_office ON quote_status_log;
CREATE POLICY quote_status_log_office ON quote_status_log FOR SELECT TO portal_office USING (true);

ALTER TABLE quote_requests ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS quote_requests_owner ON quote_requests;
CREATE POLICY quote_requests_owner ON quote_requests TO portal_customer
  USING (lower(email) = current_setting('portal.email', true))
  WITH CHECK (lower(email) = current_setting('portal.email', true)
              AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_requests.quote_id));
DROP POLICY IF EXISTS quote_requests_office ON quote_requests;
CREATE POLICY quote_requests_office ON quote_requests FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS quote_requests_office_answer ON quote_requests;
CREATE POLICY quote_requests_office_answer ON quote_requests FOR UPDATE TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE quote_versions ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS quote_versions_sent ON quote_versions;
CREATE POLICY quote_versions_sent ON quote_versions FOR SELECT TO portal_customer
  USING (sent_at IS NOT NULL AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_versions.quote_id));
DROP POLICY IF EXISTS quote_versions_office ON quote_versions;
CREATE POLICY quote_versions_office ON quote_versions TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE quote_line_items ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS quote_line_items_sent ON quote_line_items;
CREATE POLICY quote_line_items_sent ON quote_line_items FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM quote_versions v
                 WHERE v.quote_id = quote_line_items.quote_id AND v.version = quote_line_items.version));
DROP POLICY IF EXISTS quote_line_items_office ON quote_line_items;
CREATE POLICY quote_line_items_office ON quote_line_items TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE quote_approvals ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS quote_approvals_owner ON quote_approvals;
CREATE POLICY quote_approvals_owner ON quote_approvals FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_approvals.quote_id));
DROP POLICY IF EXISTS quote_approvals_owner_insert ON quote_approvals;
CREATE POLICY quote_approvals_owner_insert ON quote_approvals FOR INSERT TO portal_customer
  WITH CHECK (EXISTS (SELECT 1 FROM quote_versions v
                      WHERE v.quote_id = quote_approvals.quote_id AND v.version = quote_approvals.version));
DROP POLICY IF EXISTS quote_approvals_office ON quote_approvals;
CREATE POLICY quote_approvals_office ON quote_approvals FOR SELECT TO portal_office USING (true);

ALTER TABLE work_orders ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS work_orders_owner ON work_orders;
CREATE POLICY work_orders_owner ON work_orders TO portal_customer
  USING (lower(email) = current_setting('portal.email', true))
  WITH CHECK (lower(email) = current_setting('portal.email', true));
DROP POLICY IF EXISTS work_orders_office ON work_orders;
CREATE POLICY work_orders_office ON work_orders FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS work_orders_office_insert ON work_orders;
CREATE POLICY work_orders_office_insert ON work_orders FOR INSERT TO portal_office WITH CHECK (true);
DROP POLICY IF EXISTS work_orders_office_update ON work_orders;
CREATE POLICY work_orders_office_update ON work_orders FOR UPDATE TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE work_order_events ENABLE ROW LEVEL SECURITY;
-- A customer reads the customer-visible events of their own orders (work_orders' policy decides
-- which orders are theirs), never internal notes; the office adds only 'note' rows (status and
-- schedule rows come from the triggers of work-order-events.sql).
DROP POLICY IF EXISTS work_order_events_owner ON work_order_events;
CREATE POLICY work_order_events_owner ON work_order_events FOR SELECT TO portal_customer
  USING (visible_to_customer AND EXISTS (SELECT 1 FROM work_orders w WHERE w.id = work_order_events.work_order_id));
DROP POLICY IF EXISTS work_order_events_office ON work_order_events;
CREATE POLICY work_order_events_office ON work_order_events FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS work_order_events_office_note ON work_order_events;
CREATE POLICY work_order_events_office_note ON work_order_events FOR INSERT TO portal_office WITH CHECK (kind = 'note');

ALTER TABLE work_order_photos ENABLE ROW LEVEL SECURITY;
-- A customer links its own photos only to an order it can see (work_orders' policy applies inside the EXISTS).
DROP POLICY IF EXISTS work_order_photos_owner ON work_order_photos;
CREATE POLICY work_order_photos_owner ON work_order_photos TO portal_customer
  USING (lower(email) = current_setting('portal.email', true))
  WITH CHECK (lower(email) = current_setting('portal.email', true)
              AND (work_order_id IS NULL OR EXISTS (SELECT 1 FROM work_orders w WHERE w.id = work_order_photos.work_order_id)));
DROP POLICY IF EXISTS work_order_photos_office ON work_order_photos;
CREATE POLICY work_order_photos_office ON work_order_photos FOR SELECT TO portal_office USING (true);

ALTER TABLE photo_upload_starts ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS photo_upload_starts_owner ON photo_upload_starts;
CREATE POLICY photo_upload_starts_owner ON photo_upload_starts TO portal_customer
  USING (lower(email) = current_setting('portal.email', true))
  WITH CHECK (lower(email) = current_setting('portal.email', true));
