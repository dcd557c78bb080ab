import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/platform/mail/transport';
import type { MailTransport } from '../../server/platform/mail/worker';
import { freePort, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { putSentQuoteWithSql } from '../support/quotes';
import { sleep, waitFor } from './support/http';
import { startPortalServer, type PortalServer } from './support/portal-server';
import { smtpSink } from './support/smtp-sink';

/**
 * Quote reminders with two server instances on one PostgreSQL, each running the quote jobs (every
 * 100 ms here, 10 minutes in production) and its own mail worker: a Sent quote past
 * QUOTE_REMINDER_DAYS (3) is reminded once, queued once and delivered once.
 */
let pg: PrivatePostgres;
let sink: ReturnType<typeof smtpSink>;
const instances: PortalServer[] = [];

/** Counts what each instance's worker handed to SMTP. */
function countingTransport(url: string, count: () => void): MailTransport {
  const smtp = smtpTransport(url, 'Portal <no-reply@example.com>');
  return {
    via: smtp.via,
    async send(row) {
      await smtp.send(row);
      count();
    },
    close: smtp.close,
  };
}
const delivered = [0, 0];

beforeAll(async () => {
  pg = await startPrivatePostgres();
  sink = smtpSink(await freePort());
  await sink.set('accepting');
  // One after the other: the second finds the schema migrated by the first.
  for (const instance of [0, 1]) {
    instances.push(
      await startPortalServer({
        databaseUrl: pg.url,
        quoteJobIntervalMs: 100,
        mail: { transport: countingTransport(sink.url, () => delivered[instance]!++), retryDelay: () => 0.3, pollMs: 100 },
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await sink?.close();
  await pg?.destroy();
});

describe('quote reminders on two server instances', () => {
  it('queue one reminder and deliver one e-mail for a quote sent four days ago, whichever instance runs first', async () => {
    const [a, b] = instances as [PortalServer, PortalServer];
    const { db } = a.runtime;
    await b.signUp('remind-me@example.com', 'Rita Reminder');
    const sentAt = (await sql<{ at: string }>`SELECT (now() - interval '4 days')::text AS at`.execute(db)).rows[0]!.at;
    const quote = await putSentQuoteWithSql(db, 'remind-me@example.com', {
      description: 'Replace six windows',
      lines: [{ description: 'Window', quantity: '6', unitPrice: '310' }],
      sentAt,
    });

    const reminders = () =>
      db
        .selectFrom('mail_outbox')
        .select(['id', 'to_address', 'subject', 'sent_at'])
        .where('kind', '=', 'quote-reminder')
        .where('text_body', 'like', `%/quotes/${quote.id}%`)
        .execute();
    await waitFor('the reminder delivered', async () => (await reminders()).some((m) => m.sent_at !== null));
    // Many more runs of both instances' jobs and workers: time for a second reminder or a second delivery, were one coming.
    await sleep(2_000);

    const queued = await reminders();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.to_address).toBe('remind-me@example.com');
    const state = await db.selectFrom('quotes').select(['reminders_sent', 'status']).where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(state).toEqual({ reminders_sent: 1, status: 'Sent' });
    const received = sink.received.filter((m) => m.text.includes(`/quotes/${quote.id}`));
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['remind-me@example.com']);
    expect(delivered[0]! + delivered[1]!).toBe(sink.received.length);
  });
});
