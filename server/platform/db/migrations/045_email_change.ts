import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * A customer changes their e-mail address (issue 14.6; server/modules/profile/email-change/).
 *
 * - email_changes: the one pending change of an account, until its link is used or replaced. The
 *   link's token is Better Auth's own (a signed JWT from its /change-email); only its SHA-256 is kept,
 *   so the latest link is the only one that works, once. token_hash is NULL when no link was sent
 *   (the address already had an account: its owner got a notice instead).
 * - email_change_attempts: requests of the last hour per account, wrong passwords included, so a
 *   session cannot guess the password or flood inboxes.
 * - move_customer_email(old, new): moves every record keyed by the customer's e-mail to the new
 *   address, in the caller's transaction. Every table that names a customer by e-mail is listed
 *   here: a migration adding another must add it too.
 * - quote_document_guard() (migration 032) lets an approved quote's owner e-mail change only
 *   inside that function; everything else about an approved quote stays frozen.
 * None of this is granted to portal_customer or portal_office: the server runs it as the owner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE email_changes (
      user_id      text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
      new_email    text NOT NULL,
      token_hash   text,
      requested_at timestamptz NOT NULL DEFAULT now(),
      expires_at   timestamptz NOT NULL
    );
    CREATE TABLE email_change_attempts (
      user_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
      at      timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_change_attempts_user_idx ON email_change_attempts (user_id, at);
  `,
  );
  // Each function body holds semicolons at line ends, so each is one statement of its own.
  await sql
    .raw(
      `
    CREATE FUNCTION move_customer_email(old_email text, new_email text) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      old_key text := lower(old_email);
      new_key text := lower(new_email);
      mine customers%ROWTYPE;
      theirs customers%ROWTYPE;
    BEGIN
      IF new_key = old_key THEN
        RETURN;
      END IF;
      PERFORM set_config('portal.email_move', old_key || ' ' || new_key, true);
      SELECT * INTO mine FROM customers WHERE lower(email) = old_key FOR UPDATE;
      SELECT * INTO theirs FROM customers WHERE lower(email) = new_key FOR UPDATE;
      IF mine.id IS NOT NULL AND theirs.id IS NOT NULL THEN
        -- A customer the office added under the new address (no account): one profile, the account's,
        -- keeping what only the office's row had.
        UPDATE customers SET name = coalesce(nullif(btrim(mine.name), ''), theirs.name),
                             phone = coalesce(nullif(btrim(mine.phone), ''), theirs.phone),
                             address = coalesce(nullif(btrim(mine.address), ''), theirs.address),
                             account_number = coalesce(nullif(btrim(mine.account_number), ''), theirs.account_number)
          WHERE id = mine.id;
        DELETE FROM customers WHERE id = theirs.id;
      END IF;
      UPDATE customers SET email = new_email WHERE lower(email) = old_key;
      UPDATE quotes SET email = new_email WHERE lower(email) = old_key;
      UPDATE quote_requests SET email = new_email WHERE lower(email) = old_key;
      UPDATE work_orders SET email = new_email WHERE lower(email) = old_key;
      UPDATE work_order_photos SET email = new_email WHERE lower(email) = old_key;
      UPDATE office_inbox SET email = new_email WHERE lower(email) = old_key;
      -- The customer's own steps in their orders' timelines (a cancel), so the office sees one person.
      UPDATE work_order_events e SET actor_email = new_email
        FROM work_orders w WHERE w.id = e.work_order_id AND lower(w.email) = new_key AND lower(e.actor_email) = old_key;
      -- Devices and places that signed in keep their trust; failures of the old address are forgotten.
      -- (both tables keep e-mails in lower case: server/auth/sign-in-throttle.ts)
      DELETE FROM sign_in_trust WHERE email = new_key;
      UPDATE sign_in_trust SET email = new_key WHERE email = old_key;
      DELETE FROM sign_in_failures WHERE email = old_key;
      PERFORM set_config('portal.email_move', '', true);
    END
    $$`,
    )
    .execute(db);
  await sql
    .raw(
      `
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
    $$`,
    )
    .execute(db);
  await execStatements(
    db,
    `
    REVOKE ALL ON FUNCTION move_customer_email(text, text) FROM PUBLIC;
  `,
  );
}
