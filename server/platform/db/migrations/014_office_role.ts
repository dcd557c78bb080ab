import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The office's own database role (DESIGN.md section 6). Office routes run their queries as
 * portal_office (server/platform/db/office-scope.ts), which holds exactly what the office API needs:
 * - the spec's tables to read, and customers to add and edit (only the profile's columns);
 * - audit_log to append to and read, never to change (migration 010's trigger refuses that anyway);
 * - of Better Auth's tables only a few columns of "user" (who is an office account, whose address
 *   is confirmed), never session, account, verification or twoFactor, where secrets live.
 * It owns nothing, so it cannot DROP or ALTER anything. Row-level security (migration 003) is on for
 * the spec's tables; the office sees every customer's rows through its own policies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DO $$ BEGIN CREATE ROLE portal_office NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
    GRANT portal_office TO CURRENT_USER;
    GRANT USAGE ON SCHEMA public TO portal_office;
    GRANT SELECT, INSERT ON customers TO portal_office;
    GRANT UPDATE (name, phone, address, account_number) ON customers TO portal_office;
    GRANT SELECT ON quotes, quote_status_log, quote_requests, work_orders, work_order_events TO portal_office;
    GRANT SELECT, INSERT ON audit_log TO portal_office;
    GRANT SELECT (id, email, name, "emailVerified", role, banned, "twoFactorEnabled") ON "user" TO portal_office;

    CREATE POLICY customers_office ON customers TO portal_office USING (true) WITH CHECK (true);
    CREATE POLICY quotes_office ON quotes FOR SELECT TO portal_office USING (true);
    CREATE POLICY quote_status_log_office ON quote_status_log FOR SELECT TO portal_office USING (true);
    CREATE POLICY quote_requests_office ON quote_requests FOR SELECT TO portal_office USING (true);
    CREATE POLICY work_orders_office ON work_orders FOR SELECT TO portal_office USING (true);
    CREATE POLICY work_order_events_office ON work_order_events FOR SELECT TO portal_office USING (true);
  `,
  );
}
