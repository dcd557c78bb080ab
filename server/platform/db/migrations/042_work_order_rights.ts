import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * Who may do what with the columns of migrations 040-041, under the roles of migrations 003 and 014:
 * - portal_customer reads the customer-visible events of its own orders (policy of migration 011)
 *   but never their actor_email: staff addresses stay out of a customer's reach even for a query
 *   that forgot to leave them out. It inserts orders without a schedule or quote, and may switch its
 *   own 'E-mail me about updates'.
 * - portal_office moves an order's status and schedule, creates an order from a quote, adds notes
 *   (only 'note' rows: status and schedule rows come from the triggers), queues e-mails, and reads
 *   an account's language for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    REVOKE SELECT ON work_order_events FROM portal_customer;
    GRANT SELECT (id, work_order_id, at, kind, from_status, to_status, body, visible_to_customer,
                  scheduled_date, arrival_start, arrival_end) ON work_order_events TO portal_customer;
    REVOKE INSERT ON work_orders FROM portal_customer;
    GRANT INSERT (email, description, address, status) ON work_orders TO portal_customer;
    GRANT UPDATE (email_updates) ON customers TO portal_customer;

    GRANT INSERT (email, description, address, status, quote_id) ON work_orders TO portal_office;
    GRANT UPDATE (status, cancel_reason, scheduled_date, arrival_start, arrival_end) ON work_orders TO portal_office;
    CREATE POLICY work_orders_office_insert ON work_orders FOR INSERT TO portal_office WITH CHECK (true);
    CREATE POLICY work_orders_office_update ON work_orders FOR UPDATE TO portal_office USING (true) WITH CHECK (true);
    GRANT INSERT (work_order_id, actor_email, kind, body, visible_to_customer) ON work_order_events TO portal_office;
    CREATE POLICY work_order_events_office_note ON work_order_events FOR INSERT TO portal_office WITH CHECK (kind = 'note');
    GRANT INSERT ON mail_outbox TO portal_office;
    GRANT SELECT (id) ON mail_outbox TO portal_office;
    GRANT SELECT (locale) ON "user" TO portal_office;
  `,
  );
}
