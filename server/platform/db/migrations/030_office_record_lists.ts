import type { Kysely } from 'kysely';
import { execStatements } from '../exec-statements';

/**
 * The office's Quotes and Work Orders lists page newest first across every customer, with or
 * without a status filter (server/modules/{quotes,work-orders}/office-list.ts): keyset scans on these.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX quotes_created_idx ON quotes (created_at DESC, id DESC);
    CREATE INDEX quotes_status_created_idx ON quotes (status, created_at DESC, id DESC);
    CREATE INDEX work_orders_submitted_idx ON work_orders (submitted_at DESC, id DESC);
    CREATE INDEX work_orders_status_submitted_idx ON work_orders (status, submitted_at DESC, id DESC);
  `,
  );
}
