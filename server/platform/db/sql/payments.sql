-- Online payment's checkout attempts (migration 100): the customer reads and starts their own (the
-- owner's e-mail as on invoices, and only on an invoice they can see); the webhook, running as the
-- application's owner role, completes them; the office reads them.
ALTER TABLE checkout_attempts ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS checkout_attempts_owner ON checkout_attempts;
CREATE POLICY checkout_attempts_owner ON checkout_attempts TO portal_customer
  USING (lower(email) = current_setting('portal.email', true))
  WITH CHECK (lower(email) = current_setting('portal.email', true)
              AND EXISTS (SELECT 1 FROM invoices i WHERE i.id = checkout_attempts.invoice_id));
DROP POLICY IF EXISTS checkout_attempts_office ON checkout_attempts;
CREATE POLICY checkout_attempts_office ON checkout_attempts FOR SELECT TO portal_office USING (true);

REVOKE ALL ON checkout_attempts FROM portal_customer, portal_office;
-- Every column but person_id: the database fills it from portal.person (migration 115).
GRANT SELECT ON checkout_attempts TO portal_customer;
GRANT INSERT (id, invoice_id, email, amount, provider, provider_session_id, checkout_url, status, provider_event_id, refusal,
  created_at, completed_at) ON checkout_attempts TO portal_customer;
-- The customer's request fills in the provider's session once it has one, or retires a stale attempt.
GRANT UPDATE (provider_session_id, checkout_url, status) ON checkout_attempts TO portal_customer;
GRANT SELECT ON checkout_attempts TO portal_office;
