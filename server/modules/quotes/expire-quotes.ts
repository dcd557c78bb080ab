import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { companyToday } from './company-day';

/**
 * A Sent quote past its valid-until day becomes Expired (logged by the status trigger). The
 * customer's page shows Expired from the first minute anyway (effectiveStatus); this writes it for
 * the lists, the dashboard and the office. Conditional, so two instances change each quote once.
 */
export async function expireQuotes(db: Kysely<Database>, timeZone: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    UPDATE quotes SET status = 'Expired'
    WHERE status = 'Sent' AND quote_listed_status(status, valid_until, ${companyToday(timeZone)}) = 'Expired'
    RETURNING id`.execute(db);
  return rows.map((r) => Number(r.id));
}
