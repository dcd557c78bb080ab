import { CONSENT_VERSION } from '../../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/logger';
import { startRuntime } from '../../runtime';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { expireQuotes } from './expire-quotes';
import { sendDueReminders } from './send-quote-reminders';

/** Quote reminders (QUOTE_REMINDER_DAYS) and expiry: each queued or written exactly once, even with concurrent runs. */
let portal: TestPortal;
let ana: string;
const DAY = 86_400_000;
const later = (days: number) => new Date(Date.now() + days * DAY + 60_000);
const fence = { lines: [{ description: 'Fence', quantity: '10', unitPrice: '30' }] };
const reminders = async (quoteId: number) =>
  (await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'quote-reminder').orderBy('id').execute()).filter(
    (m) => m.text_body.includes(`/quotes/${quoteId}\n`) || m.text_body.endsWith(`/quotes/${quoteId}`),
  );
/** The jobs' dependencies: the portal's configuration and the test secret (tests/support/harness.ts). */
const config = () => ({ config: portal.config, secret: 'test-secret-'.padEnd(40, 'x') });

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  await portal.signUp('lucia@example.com');
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'lucia@example.com'`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('QUOTE_REMINDER_DAYS', () => {
  it('defaults to 3, takes 0 to turn reminders off, and refuses anything else with a clear message', () => {
    expect(loadConfig({}).quoteReminderDays).toBe(3);
    expect(loadConfig({ QUOTE_REMINDER_DAYS: '0' }).quoteReminderDays).toBe(0);
    expect(() => loadConfig({ QUOTE_REMINDER_DAYS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ QUOTE_REMINDER_DAYS: '-1' })).toThrow(/QUOTE_REMINDER_DAYS/);
  });
});

describe('quote reminders', () => {
  it('reminds after the set days, again as long after, at most twice, in the customer’s language with the link', async () => {
    const { id } = await putSentQuoteWithSql(portal.db, 'ana@example.com', fence);
    const es = await putSentQuoteWithSql(portal.db, 'lucia@example.com', fence);
    expect(await sendDueReminders(portal.db, config(), later(2))).toEqual([]);
    expect((await sendDueReminders(portal.db, config(), later(3))).sort()).toEqual([id, es.id].sort());
    expect(await sendDueReminders(portal.db, config(), later(3))).toEqual([]);
    expect(await sendDueReminders(portal.db, config(), later(5.9))).toEqual([]);
    expect((await sendDueReminders(portal.db, config(), later(6.1))).sort()).toEqual([id, es.id].sort());
    expect(await sendDueReminders(portal.db, config(), later(30))).toEqual([]);
    const mails = await reminders(id);
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ to_address: 'ana@example.com', subject: `Reminder: quote #${id} is waiting for your answer` });
    expect(mails[0]!.text_body).toContain(`http://localhost:3000/quotes/${id}`);
    expect((await reminders(es.id))[0]!.subject).toBe(`Recordatorio: la cotización #${es.id} espera su respuesta`);
  });

  it('stops once the customer answers (a revision request, an approval), is off with 0, and never reminds of an expired quote', async () => {
    const asked = await putSentQuoteWithSql(portal.db, 'ana@example.com', fence);
    const approved = await putSentQuoteWithSql(portal.db, 'ana@example.com', fence);
    const expired = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...fence, validUntil: '2020-01-01' });
    const off = await putSentQuoteWithSql(portal.db, 'ana@example.com', fence);
    expect((await portal.request(`/api/quotes/${asked.id}/revision-requests`, { cookie: ana, body: { message: 'Cheaper?' } })).status).toBe(
      201,
    );
    expect(
      (
        await portal.request(`/api/quotes/${approved.id}/approve`, {
          cookie: ana,
          body: { version: 1, signerName: 'Ana', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
        })
      ).status,
    ).toBe(201);
    expect(await sendDueReminders(portal.db, { ...config(), config: { ...portal.config, quoteReminderDays: 0 } }, later(10))).toEqual([]);
    const reminded = await sendDueReminders(portal.db, config(), later(3));
    expect(reminded).toEqual([off.id]);
    expect(reminded).not.toContain(expired.id);
  });
});

describe('the jobs with concurrent runs (as several server instances)', () => {
  it('queue each due reminder exactly once when four runs race', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await putSentQuoteWithSql(portal.db, 'ana@example.com', fence)).id);
    const at = later(3.5);
    const runs = await Promise.all([1, 2, 3, 4].map(() => sendDueReminders(portal.db, config(), at)));
    const claimed = runs.flat();
    expect(claimed.filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    expect(new Set(claimed).size).toBe(claimed.length);
    for (const id of ids) expect(await reminders(id)).toHaveLength(1);
  });

  it('expire each Sent quote past its valid-until once, logged once, while others keep their status', async () => {
    const past = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...fence, validUntil: '2021-03-01' });
    const current = await putSentQuoteWithSql(portal.db, 'ana@example.com', fence);
    const runs = await Promise.all([1, 2, 3].map(() => expireQuotes(portal.db, portal.config.company.timeZone)));
    expect(runs.flat().filter((id) => id === past.id)).toHaveLength(1);
    const statuses = await portal.db
      .selectFrom('quotes')
      .select(['id', 'status'])
      .where('id', 'in', [past.id, current.id])
      .orderBy('id')
      .execute();
    expect(statuses.map((s) => s.status)).toEqual(['Expired', 'Sent']);
    const log = await sql<{ status: string }>`SELECT status FROM quote_status_log WHERE quote_id = ${past.id} ORDER BY id`.execute(
      portal.db,
    );
    expect(log.rows.map((r) => r.status)).toEqual(['Sent', 'Expired']);
    // The customer may still ask for a revision of it.
    expect((await portal.request(`/api/quotes/${past.id}/revision-requests`, { cookie: ana, body: { message: 'Renew it' } })).status).toBe(
      201,
    );
  });
});

describe('the quote jobs at start', () => {
  it('run once before the server answers: a quote past its day is Expired and a due reminder queued, not 10 minutes later', async () => {
    const past = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...fence, validUntil: '2022-05-01' });
    const sentAt = new Date(Date.now() - 4 * DAY).toISOString();
    const due = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...fence, sentAt });
    // A restart: another runtime on the same database (closing it leaves the database open for the others).
    const restarted = await startRuntime({
      config: portal.config,
      logger: createLogger('silent'),
      database: { ...portal.runtime.database, close: async () => {} },
      mailTransport: { via: 'discard', send: async () => {} },
      mailPollMs: 3_600_000,
    });
    try {
      const status = await portal.db.selectFrom('quotes').select('status').where('id', '=', past.id).executeTakeFirstOrThrow();
      expect(status.status).toBe('Expired');
      expect(await reminders(due.id)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
