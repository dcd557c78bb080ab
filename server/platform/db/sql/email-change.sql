-- move_customer_email(old, new): a customer's e-mail change (server/modules/profile/email-change/)
-- moves every record keyed by the customer's e-mail to the new address, in the caller's transaction.
-- Every table that names a customer by e-mail is listed here: a migration adding another must add it
-- too. While it runs, portal.email_move lets quote_document_guard (quote-freeze.sql) change an
-- approved quote's owner e-mail, and nothing else about it (invoice_guard, invoices.sql, likewise an
-- issued invoice's owner). Not granted to portal_customer or
-- portal_office (grants.sql): the server runs it as the owner.

CREATE OR REPLACE FUNCTION move_customer_email(old_email text, new_email text) RETURNS void LANGUAGE plpgsql AS $$
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
    UPDATE invoices SET customer_id = mine.id WHERE customer_id = theirs.id;
    DELETE FROM customers WHERE id = theirs.id;
  END IF;
  UPDATE customers SET email = new_email WHERE lower(email) = old_key;
  UPDATE quotes SET email = new_email WHERE lower(email) = old_key;
  UPDATE quote_requests SET email = new_email WHERE lower(email) = old_key;
  UPDATE work_orders SET email = new_email WHERE lower(email) = old_key;
  UPDATE invoices SET email = new_email WHERE lower(email) = old_key;
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
$$;
