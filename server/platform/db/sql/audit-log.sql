-- The audit log (audit_log; server/platform/audit) is append-only for everyone. It, this trigger
-- function and its identity sequence are owned by portal_audit_owner, a role nobody logs in as and the
-- application's role is not a member of (migration 072), so this file is applied AS that role
-- (sql-files.ts) and SESSION_USER below is the server's own (connecting) role.
-- * The trigger refuses UPDATE, DELETE and TRUNCATE, even to a superuser (the embedded database
--   runs as one), unless the trigger is first dropped: itself a visible schema change.
-- * The server's role and portal_office may read and append, nothing else; portal_office appends only
--   rows whose actor is the signed-in person the server named for the transaction (portal.actor).

CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END
$$;

CREATE OR REPLACE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE OR REPLACE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS audit_log_server_read ON audit_log;
CREATE POLICY audit_log_server_read ON audit_log FOR SELECT TO SESSION_USER USING (true);
DROP POLICY IF EXISTS audit_log_server_write ON audit_log;
CREATE POLICY audit_log_server_write ON audit_log FOR INSERT TO SESSION_USER WITH CHECK (true);
DROP POLICY IF EXISTS audit_log_office_read ON audit_log;
CREATE POLICY audit_log_office_read ON audit_log FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS audit_log_office_write ON audit_log;
CREATE POLICY audit_log_office_write ON audit_log FOR INSERT TO portal_office
  WITH CHECK (actor_email IS NOT NULL AND lower(actor_email) = current_setting('portal.actor', true));

REVOKE ALL ON audit_log FROM PUBLIC, SESSION_USER, portal_office, portal_customer;
GRANT SELECT, INSERT ON audit_log TO SESSION_USER, portal_office;
