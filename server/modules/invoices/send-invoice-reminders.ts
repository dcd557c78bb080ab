import { sql, type Kysely } from 'kysely';
import { balanceDue } from '../../../domain/invoices/figures';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import { enqueueMail } from '../../platform/mail/outbox';
import { customerInvoiceUrl, reminderMail } from './mail';
import { findInvoice, recipientLocale } from './repository';

/** Days after the due date of the second (and last) reminder. */
export const SECOND_REMINDER_DAYS = 7;

/**
 * Reminds customers of unpaid invoices (contract-spec §3): when one falls due (its due date, in the
 * company's calendar) and 7 days later, at most twice; a payment in full or a void ends them (the
 * status is no longer Sent or Partially Paid). Due invoices are claimed with FOR UPDATE SKIP LOCKED
 * and marked in the same transaction that queues their e-mails, as the quotes' reminders are
 * (send-quote-reminders.ts): with several server instances each reminder is queued exactly once.
 * `at` is the moment to judge "due" by (tests move it; the database clock otherwise).
 */
export async function sendInvoiceReminders(
  db: Kysely<Database>,
  deps: { config: Pick<Config, 'appUrl' | 'company'> },
  at?: Date,
): Promise<{ id: number; reminder: 1 | 2 }[]> {
  const tz = deps.config.company.timeZone;
  return db.transaction().execute(async (trx) => {
    const now = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
    const today = sql`(${now} AT TIME ZONE ${tz})::date`;
    const { rows } = await sql<{ id: number | string; reminders_sent: number }>`
      UPDATE invoices SET reminders_sent = reminders_sent + 1, reminded_at = ${now}
      WHERE id IN (
        SELECT i.id FROM invoices i
        WHERE i.status IN ('Sent', 'Partially Paid') AND i.due_date <= ${today}
          AND (i.reminders_sent = 0
               OR (i.reminders_sent = 1 AND i.due_date + ${SECOND_REMINDER_DAYS}::int <= ${today}
                   AND (i.reminded_at AT TIME ZONE ${tz})::date < ${today}))
        ORDER BY i.id
        LIMIT 200
        FOR UPDATE OF i SKIP LOCKED
      )
      RETURNING id, reminders_sent`.execute(trx);
    const sent: { id: number; reminder: 1 | 2 }[] = [];
    for (const row of rows) {
      const invoice = (await findInvoice(trx, Number(row.id), tz))!;
      const reminder = Number(row.reminders_sent) as 1 | 2;
      await enqueueMail(trx, {
        kind: 'invoice-reminder',
        to: invoice.email.toLowerCase(),
        replyTo: deps.config.company.email,
        ...reminderMail(await recipientLocale(trx, invoice.email), {
          company: deps.config.company.name,
          number: invoice.number!,
          balanceDue: balanceDue(invoice.total, invoice.amount_paid, invoice.status),
          dueDate: invoice.due_date!,
          reminder,
          url: customerInvoiceUrl(deps.config.appUrl, invoice.id),
        }),
      });
      sent.push({ id: invoice.id, reminder });
    }
    return sent;
  });
}
