import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Defense in depth: customer requests run as the role portal_customer (server/db/customer-scope.ts),
 * which cannot bypass these policies. Each row is visible only when its owner e-mail is the one set
 * for the transaction (portal.email), so a query that forgot its owner filter still returns only the
 * customer's own rows. The migration runs as the owner of the tables, which is not restricted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DO $$ BEGIN CREATE ROLE portal_customer NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
    GRANT portal_customer TO CURRENT_USER;
    GRANT USAGE ON SCHEMA public TO portal_customer;
    GRANT SELECT ON customers, quotes, quote_status_log TO portal_customer;
    GRANT SELECT, INSERT ON quote_requests TO portal_customer;
    GRANT SELECT, INSERT ON work_orders TO portal_customer;
    GRANT UPDATE (status) ON work_orders TO portal_customer;
    GRANT INSERT ON mail_outbox TO portal_customer;
    GRANT SELECT (id) ON mail_outbox TO portal_customer;

    ALTER TABLE customers ENABLE ROW LEVEL SECURITY;
    ALTER TABLE quotes ENABLE ROW LEVEL SECURITY;
    ALTER TABLE quote_status_log ENABLE ROW LEVEL SECURITY;
    ALTER TABLE quote_requests ENABLE ROW LEVEL SECURITY;
    ALTER TABLE work_orders ENABLE ROW LEVEL SECURITY;

    CREATE POLICY customers_owner ON customers TO portal_customer
      USING (lower(email) = current_setting('portal.email', true));
    CREATE POLICY quotes_owner ON quotes TO portal_customer
      USING (lower(email) = current_setting('portal.email', true));
    CREATE POLICY quote_status_log_owner ON quote_status_log TO portal_customer
      USING (EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_status_log.quote_id));
    CREATE POLICY quote_requests_owner ON quote_requests TO portal_customer
      USING (lower(email) = current_setting('portal.email', true))
      WITH CHECK (lower(email) = current_setting('portal.email', true)
                  AND EXISTS (SELECT 1 FROM quotes q WHERE q.id = quote_requests.quote_id));
    CREATE POLICY work_orders_owner ON work_orders TO portal_customer
      USING (lower(email) = current_setting('portal.email', true))
      WITH CHECK (lower(email) = current_setting('portal.email', true));
  `,
  );
}
