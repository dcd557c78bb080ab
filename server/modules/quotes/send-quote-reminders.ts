import { sql, type Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { queueCustomerQuoteMail, type QuoteMailDeps } from './quote-mail';

/** At most this many reminders per sent version. */
const MAX_REMINDERS = 2;

/**
 * Reminds customers of Sent quotes with no answer: QUOTE_REMINDER_DAYS after the version was sent,
 * and again as long after the first reminder, at most twice; an answer (approve, decline, revision
 * request) changes the status and so ends them, and sending a new version starts them over.
 * Due quotes are claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction that queues
 * their e-mails: with several server instances each reminder is queued exactly once (a competing
 * run skips the claimed rows, or rechecks them after the commit and finds them no longer due).
 * `at` is the moment to judge "due" by (tests move it; the database clock otherwise).
 */
export async function sendDueReminders(
  db: Kysely<Database>,
  deps: QuoteMailDeps & { config: Pick<Config, 'quoteReminderDays'> },
  at?: Date,
): Promise<number[]> {
  const { config } = deps;
  if (config.quoteReminderDays === 0) return [];
  return db.transaction().execute(async (trx) => {
    const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
    const { rows } = await sql<{ id: number }>`
      UPDATE quotes SET reminders_sent = reminders_sent + 1, reminded_at = ${now}
      WHERE id IN (
        SELECT q.id FROM quotes q
        JOIN quote_versions v ON v.quote_id = q.id AND v.version = q.current_version
        WHERE q.status = 'Sent' AND q.reminders_sent < ${MAX_REMINDERS} AND v.sent_at IS NOT NULL
          AND coalesce(q.reminded_at, v.sent_at) <= ${now} - make_interval(days => ${config.quoteReminderDays})
          AND (q.valid_until IS NULL OR q.valid_until >= (${now} AT TIME ZONE ${config.company.timeZone})::date)
        ORDER BY q.id
        LIMIT 200
        FOR UPDATE OF q SKIP LOCKED
      )
      RETURNING id`.execute(trx);
    for (const { id } of rows) await queueCustomerQuoteMail(trx, deps, 'reminder', Number(id));
    return rows.map((r) => Number(r.id));
  });
}
