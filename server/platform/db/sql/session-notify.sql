-- Every change to a session or an account is announced on the channel portal_sessions, so a server
-- that keeps recently checked sessions in memory (server/auth/session-cache.ts) forgets them at once,
-- on every instance: sign-out, revocation, a password reset, a suspension, expiry clean-up, or a plain
-- SQL DELETE. The payload names the session or user id, never the token (any database role may LISTEN).
-- "session" and "user" are Better Auth's tables.

CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'session' THEN
    PERFORM pg_notify('portal_sessions', 'session:' || OLD.id);
  ELSE
    PERFORM pg_notify('portal_sessions', 'user:' || OLD.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER session_changed AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE OR REPLACE TRIGGER user_changed AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
