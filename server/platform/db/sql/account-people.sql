-- Several people on one account (migration 114, decisions 244-246).
--
-- Every customer policy compares a row's owner e-mail with portal.email (row-level-security.sql). The
-- customer's scope (server/platform/db/customer-scope.ts) no longer sets that e-mail itself: it sets
-- portal.person (the session's user id) and asks portal_scope_email below, in the same statement,
-- which e-mail this person may read. The answer is the claimed account e-mail only when the person is
-- its owner (their own sign-in's e-mail, and not a joined person of an account) or a joined person of
-- the account whose customers row has that e-mail; otherwise '' and no row matches. So the database
-- does not take the server's word for whose records a request reads: a wrong e-mail shows nothing.
-- A NULL person is server code outside any request (tests, command-line tools): as before, the claim.

-- PL/pgSQL, not SQL: a SQL function with SET cannot be inlined, and its query is planned again at every
-- call (about 0.16 ms of every customer request); PL/pgSQL keeps the plan for the session (decision 285).
CREATE OR REPLACE FUNCTION portal_scope_email(person text, claimed text) RETURNS text
  LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN (SELECT CASE
    WHEN person IS NULL THEN lower(claimed)
    WHEN EXISTS (SELECT 1 FROM account_people p JOIN customers c ON c.id = p.customer_id
                 WHERE p.user_id = person AND lower(c.email) = lower(claimed)) THEN lower(claimed)
    WHEN EXISTS (SELECT 1 FROM "user" u WHERE u.id = person AND lower(u.email) = lower(claimed))
         AND NOT EXISTS (SELECT 1 FROM account_people p WHERE p.user_id = person) THEN lower(claimed)
    ELSE ''
  END);
END $$;
REVOKE ALL ON FUNCTION portal_scope_email(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION portal_scope_email(text, text) TO portal_customer;

-- The owner lists, invites and removes the account's people in the customer's scope; a person of the
-- account sees the list too. The link's hash never reaches the customer's role (the server reads it
-- when the link is opened, auth layer). Who may write (the owner only) is the server's check
-- (modules/people), the database keeps every row inside the account.
REVOKE ALL ON account_people FROM portal_customer, portal_office;
GRANT SELECT (id, customer_id, user_id, email, role, invited_by, invited_at, joined_at, token_expires_at, locale)
  ON account_people TO portal_customer;
GRANT INSERT (customer_id, email, role, invited_by, token_hash, token_expires_at, locale) ON account_people TO portal_customer;
GRANT UPDATE (role, token_hash, token_expires_at, locale, invited_at) ON account_people TO portal_customer;
GRANT DELETE ON account_people TO portal_customer;
GRANT SELECT (id, customer_id, user_id, email, role, invited_by, invited_at, joined_at) ON account_people TO portal_office;
ALTER TABLE account_people ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS account_people_account ON account_people;
CREATE POLICY account_people_account ON account_people TO portal_customer
  USING (EXISTS (SELECT 1 FROM customers c WHERE c.id = account_people.customer_id))
  WITH CHECK (EXISTS (SELECT 1 FROM customers c WHERE c.id = account_people.customer_id));
DROP POLICY IF EXISTS account_people_office ON account_people;
CREATE POLICY account_people_office ON account_people FOR SELECT TO portal_office USING (true);

-- The session cache (server/auth/session-cache.ts) keeps each session's account: a person joining,
-- changing role or removed, and an account whose e-mail moves, are announced for each person it
-- concerns, so every instance forgets their cached sessions at once (session-notify.sql's channel).
CREATE OR REPLACE FUNCTION notify_account_people_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    PERFORM pg_notify('portal_sessions', 'user:' || p.user_id)
      FROM account_people p WHERE p.customer_id = OLD.id AND p.user_id IS NOT NULL;
  ELSE
    IF OLD.user_id IS NOT NULL THEN PERFORM pg_notify('portal_sessions', 'user:' || OLD.user_id); END IF;
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NOT NULL THEN PERFORM pg_notify('portal_sessions', 'user:' || NEW.user_id); END IF;
  END IF;
  RETURN NULL;
END
$$;
CREATE OR REPLACE TRIGGER account_people_changed AFTER UPDATE OR DELETE ON account_people
  FOR EACH ROW EXECUTE FUNCTION notify_account_people_change();
CREATE OR REPLACE TRIGGER customer_email_moved_people AFTER UPDATE OF email ON customers
  FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION notify_account_people_change();
