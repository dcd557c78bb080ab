import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPayment } from '../../server/modules/invoices/record-payment';
import { sendInvoiceReminders } from '../../server/modules/invoices/send-invoice-reminders';
import { voidInvoice } from '../../server/modules/invoices/void-invoice';
import { loadConfig } from '../../server/platform/config';
import type { Database } from '../../server/platform/db/schema';
import { smtpTransport } from '../../server/platform/mail/transport';
import type { MailTransport } from '../../server/platform/mail/worker';
import { putSentInvoiceWithSql } from '../support/payments';
import { freePort, startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { sleep, waitFor } from './support/http';
import { ORIGIN, SHARED_SECRET, startPortalServer, type PortalServer } from './support/portal-server';
import { smtpSink } from './support/smtp-sink';

/**
 * Invoice reminders with two server instances on one PostgreSQL (contract-spec §3, issue 25 item 6:
 * "Reminders when due and 7 days later, exactly once with two instances, stopped by payment or void").
 * Each instance runs its own runtime (pool, jobs every 100 ms, mail worker delivering to one SMTP sink).
 *
 * 1. A calendar walked day by day, both instances running the reminder job at the same moment several
 *    times each day: every unpaid invoice is reminded on its due date and 7 days later, once each;
 *    a payment in full or a void before the due date stops both, after the first stops the second.
 *    Thirty invoices fall due the same day, so the two instances' transactions overlap: without the
 *    job's row lock (FOR UPDATE SKIP LOCKED) the second instance reminds them again.
 * 2. The real clock: the instances' own timers remind an invoice due today once, deliver it once, and
 *    leave a paid one and a voided one alone.
 */
let pg: PrivatePostgres;
let sink: ReturnType<typeof smtpSink>;
const instances: PortalServer[] = [];
/** The configuration both instances run with (startPortalServer's), for the calls made here. */
const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: SHARED_SECRET, APP_URL: ORIGIN, REQUIRE_EMAIL_VERIFICATION: 'false' });
const deps = { config };
const tz = config.company.timeZone;
const office = { actor: 'office@company.example', ip: null, userAgent: null };

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

/** YYYY-MM-DD plus `days`. */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The company's day today (the database clock). */
async function companyToday(db: Kysely<Database>): Promise<string> {
  return (await sql<{ d: string }>`SELECT to_char((now() AT TIME ZONE ${tz})::date, 'YYYY-MM-DD') AS d`.execute(db)).rows[0]!.d;
}
/** `hour`:00 on `date` in the company's zone, as a moment. */
async function companyMoment(db: Kysely<Database>, date: string, hour: number): Promise<Date> {
  const at = `${date} ${String(hour).padStart(2, '0')}:00:00`;
  return new Date((await sql<{ t: string }>`SELECT (${at}::timestamp AT TIME ZONE ${tz})::text AS t`.execute(db)).rows[0]!.t);
}

const subjects = (number: string) => [`Reminder: invoice ${number} is due`, `Reminder: invoice ${number} is overdue`];
const esSubjects = (number: string) => [`Recordatorio: la factura ${number} vence`, `Recordatorio: la factura ${number} está vencida`];

async function queuedReminders(db: Kysely<Database>) {
  return db.selectFrom('mail_outbox').select(['to_address', 'subject', 'sent_at']).where('kind', '=', 'invoice-reminder').execute();
}

/** What the database holds of each invoice's reminders, in id order. */
async function reminderStates(db: Kysely<Database>, ids: number[]) {
  const { rows } = await sql<{ id: string | number; reminders_sent: number; status: string }>`
    SELECT id, reminders_sent, status FROM invoices WHERE id = ANY(${ids}::bigint[]) ORDER BY id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), reminders_sent: Number(r.reminders_sent), status: r.status }));
}

describe('invoice reminders on two server instances', () => {
  it('remind each unpaid invoice on its due date and 7 days later, once each, whichever instance runs first', async () => {
    const [a, b] = instances as [PortalServer, PortalServer];
    const db = a.runtime.db;
    const ana = 'ana-calendar@example.com';
    const luis = 'luis-calendar@example.com';
    await a.signUp(ana, 'Ana Calendar');
    await b.signUp(luis, 'Luis Calendario');
    await sql`UPDATE "user" SET locale = 'es' WHERE email = ${luis}`.execute(db);

    // Due 100 days from now: the instances' own timers (today's date) never reach these invoices.
    const D = plusDays(await companyToday(db), 100);
    const start = plusDays(D, -2);
    const put = (email: string, dueDate: string, description: string, total = '300.00') =>
      putSentInvoiceWithSql(db, email, { total, description, dueDate });
    const unpaid = [];
    for (let n = 0; n < 30; n++) unpaid.push(await put(n % 3 === 0 ? luis : ana, D, `Unpaid ${n}`));
    const partial = await put(ana, D, 'Partly paid');
    const dueLater = await put(ana, plusDays(D, 3), 'Due three days later');
    // Due 9 days before the first day walked (the jobs were down): the first reminder on that day, the second the next.
    const lateStart = await put(ana, plusDays(start, -9), 'Due while the jobs were down');
    const paidBefore = await put(ana, D, 'Paid before due');
    const voidedBefore = await put(ana, D, 'Voided before due');
    const paidAfterFirst = await put(luis, D, 'Paid after the first reminder');
    const voidedAfterFirst = await put(ana, D, 'Voided after the first reminder');

    const pay = (invoiceId: number, amount: string) =>
      db.transaction().execute((trx) => recordPayment(trx, office, { invoiceId, amount, method: 'check' }, deps));
    const cancel = (id: number) => db.transaction().execute((trx) => voidInvoice(trx, office, { id, reason: 'Billed twice' }, deps));
    const actions: Record<string, () => Promise<unknown>> = {
      [plusDays(D, -1)]: async () => {
        await pay(partial.id, '100.00');
        await pay(paidBefore.id, '300.00');
        await cancel(voidedBefore.id);
      },
      [plusDays(D, 2)]: async () => {
        await pay(paidAfterFirst.id, '300.00');
        await cancel(voidedAfterFirst.id);
      },
    };

    // id -> 'day+offset:reminder' for every reminder either instance claimed.
    const claimed = new Map<number, string[]>();
    const perInstance = [0, 0];
    for (let offset = -2; offset <= 20; offset++) {
      const date = plusDays(D, offset);
      await actions[date]?.();
      for (const hour of [0, 9, 13, 23]) {
        const at = await companyMoment(db, date, hour);
        // Both instances at the same moment, each through its own pool.
        const results = await Promise.all([sendInvoiceReminders(a.runtime.db, deps, at), sendInvoiceReminders(b.runtime.db, deps, at)]);
        results.forEach((sent, instance) => {
          perInstance[instance]! += sent.length;
          for (const s of sent) claimed.set(s.id, [...(claimed.get(s.id) ?? []), `D${offset >= 0 ? '+' : ''}${offset}:${s.reminder}`]);
        });
      }
    }

    const twice = ['D+0:1', 'D+7:2'];
    for (const invoice of [...unpaid, partial]) expect(claimed.get(invoice.id), invoice.number).toEqual(twice);
    expect(claimed.get(dueLater.id)).toEqual(['D+3:1', 'D+10:2']);
    expect(claimed.get(lateStart.id)).toEqual(['D-2:1', 'D-1:2']);
    expect(claimed.get(paidBefore.id)).toBeUndefined();
    expect(claimed.get(voidedBefore.id)).toBeUndefined();
    expect(claimed.get(paidAfterFirst.id)).toEqual(['D+0:1']);
    expect(claimed.get(voidedAfterFirst.id)).toEqual(['D+0:1']);
    // Nothing else was reminded, and both instances did part of the work is not promised: only the sum.
    expect(claimed.size).toBe(unpaid.length + 5);
    expect(perInstance[0]! + perInstance[1]!).toBe(2 * (unpaid.length + 3) + 2);

    // Queued once each, in the customer's language; each delivered once by one of the two workers.
    const expected = new Map<string, string>();
    const expect2 = (invoice: { number: string }, email: string, count = 2) =>
      (email === luis ? esSubjects : subjects)(invoice.number)
        .slice(0, count)
        .forEach((s) => expected.set(s, email));
    unpaid.forEach((invoice, n) => expect2(invoice, n % 3 === 0 ? luis : ana));
    [partial, dueLater, lateStart].forEach((invoice) => expect2(invoice, ana));
    expect2(paidAfterFirst, luis, 1);
    expect2(voidedAfterFirst, ana, 1);
    const queued = await queuedReminders(db);
    expect(queued.map((m) => m.subject).sort()).toEqual([...expected.keys()].sort());
    for (const m of queued) expect(m.to_address).toBe(expected.get(m.subject));

    await waitFor('every reminder delivered', async () => (await queuedReminders(db)).every((m) => m.sent_at !== null));
    await sleep(1_000); // both workers polling again: a second delivery would show now
    const received = sink.received.filter((m) => m.subject.startsWith('Reminder') || m.subject.startsWith('Recordatorio'));
    expect(received.map((m) => m.subject).sort()).toEqual([...expected.keys()].sort());
    for (const m of received) expect(m.to).toEqual([expected.get(m.subject)]);
    expect(delivered[0]! + delivered[1]!).toBe(sink.received.length);

    const states = await reminderStates(db, [partial.id, paidBefore.id, voidedBefore.id, paidAfterFirst.id, voidedAfterFirst.id]);
    expect(states.map((s) => [s.reminders_sent, s.status])).toEqual([
      [2, 'Partially Paid'],
      [0, 'Paid'],
      [0, 'Void'],
      [1, 'Paid'],
      [1, 'Void'],
    ]);
  }, 120_000);

  it('remind an invoice due today once through both instances’ own timers, and leave a paid and a voided one alone', async () => {
    const [a, b] = instances as [PortalServer, PortalServer];
    const db = a.runtime.db;
    const email = 'today-due@example.com';
    await b.signUp(email, 'Tomás Today');
    const today = await companyToday(db);
    // Each one issued, and paid or voided, in one transaction: the timers (every 100 ms) never see it unpaid.
    const due = await putSentInvoiceWithSql(db, email, { total: '120.00', description: 'Due today', dueDate: today });
    const paid = await db.transaction().execute(async (trx) => {
      const invoice = await putSentInvoiceWithSql(trx, email, { total: '80.00', description: 'Paid today', dueDate: today });
      await recordPayment(trx, office, { invoiceId: invoice.id, amount: '80.00', method: 'cash' }, deps);
      return invoice;
    });
    const voided = await db.transaction().execute(async (trx) => {
      const invoice = await putSentInvoiceWithSql(trx, email, { total: '60.00', description: 'Voided today', dueDate: today });
      await voidInvoice(trx, office, { id: invoice.id, reason: 'Wrong customer' }, deps);
      return invoice;
    });

    const mine = async () => (await queuedReminders(db)).filter((m) => m.to_address === email);
    await waitFor('the reminder delivered', async () => (await mine()).some((m) => m.sent_at !== null));
    // Many more runs of both instances' jobs and workers: time for a second reminder or a second delivery, were one coming.
    await sleep(2_000);

    expect((await mine()).map((m) => m.subject)).toEqual([`Reminder: invoice ${due.number} is due`]);
    expect(sink.received.filter((m) => m.to.includes(email) && m.subject.startsWith('Reminder'))).toMatchObject([
      { subject: `Reminder: invoice ${due.number} is due`, to: [email] },
    ]);
    expect(await reminderStates(db, [due.id, paid.id, voided.id])).toEqual([
      { id: due.id, reminders_sent: 1, status: 'Sent' },
      { id: paid.id, reminders_sent: 0, status: 'Paid' },
      { id: voided.id, reminders_sent: 0, status: 'Void' },
    ]);
    expect(delivered[0]! + delivered[1]!).toBe(sink.received.length);
  }, 60_000);
});
