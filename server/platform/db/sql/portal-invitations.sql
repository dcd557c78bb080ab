-- Portal invitations (migration 089, server/auth/portal-invitation): the office makes them (its
-- 'Invite to portal' and a quote e-mail to a customer with no account) and reads whether one was sent;
-- the customer's role never sees them: the link is read and used up by the server (auth layer).
REVOKE ALL ON portal_invitations FROM portal_customer, portal_office;
GRANT SELECT (id, customer_id, email, quote_id, locale, invited_by, created_at, expires_at, used_at) ON portal_invitations TO portal_office;
GRANT INSERT (token_hash, customer_id, email, quote_id, locale, invited_by, expires_at) ON portal_invitations TO portal_office;
ALTER TABLE portal_invitations ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS portal_invitations_office ON portal_invitations;
CREATE POLICY portal_invitations_office ON portal_invitations TO portal_office USING (true) WITH CHECK (true);
