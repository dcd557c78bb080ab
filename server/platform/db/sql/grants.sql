-- What each application role may do, table by table: the whole list, so a line removed here is a
-- right taken away when the file is applied (each table's rights of both roles are revoked first,
-- column rights included, in the same transaction). The roles (migrations 003, 014):
-- * portal_customer: a customer's requests (customer-scope.ts), limited further by row-level security;
-- * portal_office: the office's requests (office-scope.ts); it owns nothing, so it cannot DROP or
--   ALTER anything, and of Better Auth's tables it reads only a few columns of "user" (never session,
--   account, verification or twoFactor, where secrets live).
-- The audit log's rights are in audit-log.sql (its owner grants them).

GRANT USAGE ON SCHEMA public TO portal_customer, portal_office;

REVOKE ALL ON customers FROM portal_customer, portal_office;
GRANT SELECT ON customers TO portal_customer;
GRANT UPDATE (name, phone, address, email_updates) ON customers TO portal_customer;
GRANT SELECT, INSERT ON customers TO portal_office;
GRANT UPDATE (name, phone, address, account_number) ON customers TO portal_office;

REVOKE ALL ON quotes FROM portal_customer, portal_office;
GRANT SELECT ON quotes TO portal_customer;
GRANT UPDATE (status, viewed_at) ON quotes TO portal_customer;
GRANT SELECT ON quotes TO portal_office;
GRANT INSERT (email, description, total, status, work_order_id, property_id) ON quotes TO portal_office;
GRANT UPDATE (description, total, status, current_version, valid_until, viewed_at, reminders_sent, reminded_at)
  ON quotes TO portal_office;
GRANT UPDATE (property_id) ON quotes TO portal_office;

REVOKE ALL ON quote_status_log FROM portal_customer, portal_office;
GRANT SELECT ON quote_status_log TO portal_customer, portal_office;

REVOKE ALL ON quote_requests FROM portal_customer, portal_office;
-- Not person_id: who asked is filled by its default from portal.person (account-people.sql).
GRANT SELECT ON quote_requests TO portal_customer;
GRANT INSERT (quote_id, email, message, requested_at) ON quote_requests TO portal_customer;
GRANT SELECT ON quote_requests TO portal_office;
GRANT UPDATE (answer, answered_at) ON quote_requests TO portal_office;

REVOKE ALL ON quote_versions, quote_line_items FROM portal_customer, portal_office;
GRANT SELECT ON quote_versions, quote_line_items TO portal_customer;
GRANT SELECT, INSERT, UPDATE, DELETE ON quote_versions, quote_line_items TO portal_office;

-- Only a customer approves or declines; the office reads the answers.
REVOKE ALL ON quote_approvals FROM portal_customer, portal_office;
GRANT SELECT, INSERT ON quote_approvals TO portal_customer;
GRANT SELECT ON quote_approvals TO portal_office;
-- The claim that decides a quote takes the approval row's id (decision 297): the next number only (USAGE:
-- nextval and currval; no setval, no reading the sequence).
REVOKE ALL ON SEQUENCE quote_approvals_id_seq FROM portal_customer, portal_office;
GRANT USAGE ON SEQUENCE quote_approvals_id_seq TO portal_customer;

REVOKE ALL ON work_orders FROM portal_customer, portal_office;
GRANT SELECT ON work_orders TO portal_customer;
GRANT INSERT (email, description, address, status) ON work_orders TO portal_customer;
GRANT INSERT (property_id) ON work_orders TO portal_customer;
GRANT UPDATE (status) ON work_orders TO portal_customer;
GRANT SELECT ON work_orders TO portal_office;
GRANT INSERT (email, description, address, status, quote_id) ON work_orders TO portal_office;
GRANT UPDATE (status, cancel_reason, scheduled_date, arrival_start, arrival_end, quote_id) ON work_orders TO portal_office;
-- The order's property and its address (properties.sql: only while Pending).
GRANT INSERT (property_id) ON work_orders TO portal_office;
GRANT UPDATE (property_id, address) ON work_orders TO portal_office;

-- A customer never reads actor_email: staff addresses stay out of its reach.
REVOKE ALL ON work_order_events FROM portal_customer, portal_office;
GRANT SELECT (id, work_order_id, at, kind, from_status, to_status, body, visible_to_customer,
              scheduled_date, arrival_start, arrival_end) ON work_order_events TO portal_customer;
GRANT SELECT ON work_order_events TO portal_office;
GRANT INSERT (work_order_id, actor_email, kind, body, visible_to_customer) ON work_order_events TO portal_office;

REVOKE ALL ON work_order_photos FROM portal_customer, portal_office;
GRANT SELECT, DELETE ON work_order_photos TO portal_customer;
GRANT INSERT (email, content_type, width, height, data, thumbnail_type, thumbnail_width, thumbnail_height, thumbnail, source_type)
  ON work_order_photos TO portal_customer;
GRANT UPDATE (work_order_id) ON work_order_photos TO portal_customer;
GRANT SELECT ON work_order_photos TO portal_office;

REVOKE ALL ON photo_upload_starts FROM portal_customer, portal_office;
GRANT SELECT ON photo_upload_starts TO portal_customer;
GRANT INSERT (email) ON photo_upload_starts TO portal_customer;

REVOKE ALL ON office_inbox FROM portal_customer, portal_office;
GRANT SELECT ON office_inbox TO portal_office;
GRANT UPDATE (done_at, done_by) ON office_inbox TO portal_office;

-- Both roles queue e-mails in the transaction of what caused them (and read back the new id).
REVOKE ALL ON mail_outbox FROM portal_customer, portal_office;
GRANT INSERT ON mail_outbox TO portal_customer, portal_office;
GRANT SELECT (id) ON mail_outbox TO portal_customer, portal_office;

REVOKE ALL ON "user" FROM portal_customer, portal_office;
GRANT SELECT (id, email, name, "emailVerified", role, banned, "twoFactorEnabled", locale) ON "user" TO portal_office;

REVOKE ALL ON FUNCTION move_customer_email(text, text) FROM PUBLIC, portal_customer, portal_office;
