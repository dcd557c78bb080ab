import { sql, type Kysely } from 'kysely';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { companyToday } from './company-day';
import { queueCustomerQuoteMail, type QuoteMailDeps } from './quote-mail';

/** At most this many reminders per sent version. */
const MAX_REMINDERS = 2;

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

export interface QuoteJobOptions {
  db: Kysely<Database>;
  config: Config;
  /** Signs the one-click opt-out link of the reminders. */
  secret: string;
  logger: Logger;
  onMailQueued: () => void;
  /** How often the job runs; 10 minutes by default. */
  intervalMs?: number;
}

/**
 * Expiry and reminders, next to the mail worker: every interval, on every instance (safe to overlap).
 * The runtime also runs them once at start (runOnce), before the server answers.
 */
export function startQuoteJobs(opts: QuoteJobOptions) {
  let running: Promise<void> | undefined;
  const runOnce = (): Promise<void> =>
    (running ??= (async () => {
      try {
        const expired = await expireQuotes(opts.db, opts.config.company.timeZone);
        const reminded = await sendDueReminders(opts.db, opts);
        if (reminded.length) opts.onMailQueued();
        if (expired.length || reminded.length) opts.logger.info('quote jobs', { expired: expired.length, reminded: reminded.length });
      } catch (err) {
        opts.logger.error('quote jobs failed; they run again at the next interval', { err });
      }
    })().finally(() => (running = undefined)));
  const timer = setInterval(() => void runOnce(), opts.intervalMs ?? 10 * 60_000);
  timer.unref();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
