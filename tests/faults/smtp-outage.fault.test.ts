import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/platform/mail/transport';
import type { MailTransport } from '../../server/platform/mail/worker';
import { freePort, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { call, waitFor } from './support/http';
import { startPortalServer, type PortalServer } from './support/portal-server';
import { smtpSink } from './support/smtp-sink';

/**
 * SMTP down while customers ask for quote revisions, on two server instances sharing one database,
 * each with its own mail worker: the requests succeed, and once SMTP is back every e-mail in the
 * outbox (revision requests and sign-up confirmations) arrives exactly once.
 */
let pg: PrivatePostgres;
let sink: ReturnType<typeof smtpSink>;
const instances: PortalServer[] = [];
const deliveredBy = [0, 0];

/** Counts what each instance's worker handed to SMTP successfully. */
function countingTransport(url: string, instance: number): MailTransport {
  const smtp = smtpTransport(url, 'Portal <no-reply@example.com>');
  return {
    via: smtp.via,
    async send(row) {
      await smtp.send(row);
      deliveredBy[instance]!++;
    },
    close: smtp.close,
  };
}

beforeAll(async () => {
  pg = await startPrivatePostgres();
  sink = smtpSink(await freePort());
  // One after the other: the second finds the schema migrated by the first.
  for (const instance of [0, 1]) {
    instances.push(
      await startPortalServer({
        databaseUrl: pg.url,
        mail: { transport: countingTransport(sink.url, instance), retryDelay: () => 0.3, pollMs: 150, batchSize: 3 },
      }),
    );
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(instances.map((i) => i.close()));
  await sink?.close();
  await pg?.destroy();
});

const outbox = (portal: PortalServer) =>
  portal.runtime.db
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_address', 'subject', 'text_body', 'attempts', 'sent_at', 'delivered_via'])
    .execute();

describe('SMTP down while customers request quote revisions on two instances', () => {
  it('accepts every request, then delivers each queued e-mail exactly once when SMTP is back', async () => {
    const [a, b] = instances as [PortalServer, PortalServer];
    const { db } = a.runtime;

    // SMTP is down from the start: even the sign-up confirmations wait in the outbox.
    const customers = [];
    for (let i = 0; i < 4; i++) {
      const email = `smtp-${i}@example.com`;
      const cookie = await (i % 2 ? b : a).signUp(email, `Customer ${i}`);
      const { id } = await db
        .insertInto('quotes')
        .values({ email, description: `Deck ${i}`, total: '1200.00', status: 'Sent' })
        .returning('id')
        .executeTakeFirstOrThrow();
      customers.push({ email, cookie, quoteId: Number(id) });
    }

    const requests = customers.flatMap((customer, c) =>
      Array.from({ length: 6 }, (_, n) => ({ customer, via: (c + n) % 2 ? b : a, message: `Please revise: token smtp-${c}-${n}` })),
    );
    const answers = await Promise.all(
      requests.map((r) =>
        call(r.via.url, `/api/quotes/${r.customer.quoteId}/revision-requests`, { cookie: r.customer.cookie, body: { message: r.message } }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(requests.map(() => 201));
    const stored = await db.selectFrom('quote_requests').select('message').execute();
    expect(stored.map((r) => r.message).sort()).toEqual(requests.map((r) => r.message).sort());

    const queued = await outbox(a);
    expect(queued.filter((m) => m.kind === 'quote-revision-request')).toHaveLength(requests.length);
    expect(queued.length).toBe(requests.length + customers.length);

    // Both workers try and fail while nothing listens, then while the server refuses (421).
    await waitFor('every e-mail tried while SMTP is down', async () => (await outbox(a)).every((m) => m.attempts >= 1));
    await sink.set('refusing');
    await waitFor(
      'every e-mail refused at least once',
      async () => (await outbox(a)).every((m) => m.attempts >= 2) && sink.refusedConnections() > 0,
    );
    expect(sink.received).toEqual([]);
    expect((await outbox(a)).every((m) => m.sent_at === null)).toBe(true);

    await sink.set('accepting');
    await waitFor('every e-mail delivered', async () => (await outbox(a)).every((m) => m.sent_at !== null));
    // Time for a duplicate to show up, if one were on its way (several poll intervals).
    await new Promise((r) => setTimeout(r, 1_000));

    const delivered = await outbox(a);
    const key = (to: string, subject: string, text: string) => `${to}\n${subject}\n${text.trim()}`;
    expect(sink.received.map((m) => key(m.to.join(','), m.subject, m.text)).sort()).toEqual(
      delivered.map((m) => key(m.to_address, m.subject, m.text_body)).sort(),
    );
    expect(new Set(delivered.map((m) => m.delivered_via))).toEqual(new Set(['smtp']));
    for (const r of requests) {
      expect(sink.received.filter((m) => m.text.includes(r.message))).toHaveLength(1);
    }
    // Both instances' workers took part, and together sent each message once.
    expect(deliveredBy[0]).toBeGreaterThan(0);
    expect(deliveredBy[1]).toBeGreaterThan(0);
    expect(deliveredBy[0]! + deliveredBy[1]!).toBe(delivered.length);

    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`.execute(db);
    expect(pending.rows[0]!.n).toBe(0);
    const health = await call(b.url, '/api/health');
    expect(health.status).toBe(200);
  }, 60_000);
});
