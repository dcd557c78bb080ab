import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { createLogger } from '../logger';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { enqueueMail, queueMails } from './outbox';
import { deliverDueMail, type MailTransport } from './worker';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const logger = createLogger('silent');
const mail = (to: string) => ({ kind: 'test', to, subject: 'Hello', text: 'Body' });

describe('mail outbox', () => {
  it('keeps a message when SMTP fails and delivers it once SMTP is back', async () => {
    const id = await enqueueMail(portal.db, mail('retry@example.com'));
    const failing: MailTransport = {
      via: 'smtp',
      send: async () => {
        throw new Error('connection refused');
      },
    };
    await deliverDueMail({ db: portal.db, transport: failing, logger });
    let row = await portal.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.last_error).toMatch(/connection refused/);
    expect(row.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 20_000);

    // Time passes: make it due again.
    await portal.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    const delivered: string[] = [];
    const working: MailTransport = { via: 'smtp', send: async (r) => void delivered.push(r.to_address) };
    await deliverDueMail({ db: portal.db, transport: working, logger });
    row = await portal.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(delivered).toEqual(['retry@example.com']);
  });

  it('sends e-mails queued close together in one batch, one claim and one UPDATE for both (decision 286)', async () => {
    const first = await enqueueMail(portal.db, mail('together1@example.com'));
    portal.runtime.mail.nudge();
    await new Promise((res) => setTimeout(res, 20));
    const second = await enqueueMail(portal.db, mail('together2@example.com'));
    portal.runtime.mail.nudge();
    const sentAt = async () =>
      (await portal.db.selectFrom('mail_outbox').select(['id', 'sent_at']).where('id', 'in', [first, second]).orderBy('id').execute()).map(
        (row) => row.sent_at?.toISOString() ?? null,
      );
    await vi.waitFor(async () => expect((await sentAt()).every((at) => at !== null)).toBe(true), { timeout: 5_000, interval: 20 });
    const [a, b] = await sentAt();
    expect(a).toBe(b); // marked sent by the same UPDATE: delivered in one batch
    expect(portal.mail.sent.map((m) => m.to_address)).toEqual(expect.arrayContaining(['together1@example.com', 'together2@example.com']));
  });

  it('two workers draining together deliver each message exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueMail(portal.db, mail(`bulk${i}@example.com`))));
    const delivered: number[] = [];
    const transport: MailTransport = {
      via: 'smtp',
      send: async (r) => {
        await new Promise((res) => setTimeout(res, 2));
        delivered.push(r.id);
      },
    };
    const drain = async () => {
      while ((await deliverDueMail({ db: portal.db, transport, logger, batchSize: 4 })) > 0) {
        /* until empty */
      }
    };
    await Promise.all([drain(), drain()]);
    expect(delivered.filter((id) => ids.includes(id)).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  });

  it('queues e-mails in a transaction exactly as written, quotes, backslashes and a NUL included, or none when it rolls back', async () => {
    const tricky = {
      kind: 'test-queued',
      to: "o'brien@example.com",
      replyTo: 'back\\slash@example.com',
      subject: "It's #7 \\o/ 'quoted' $1 -- not a comment /* nor this */",
      text: "Línea 1\nE'x' ünïcødé 🚰\n\\n stays",
      headers: { 'List-Unsubscribe': "<https://portal.example/u?t=a'b>" },
    };
    const withNul = { kind: 'test-queued', to: 'nul@example.com', subject: 'NUL', text: 'before\0after' };
    await portal.db
      .transaction()
      .execute((trx) => queueMails(trx, [tricky, { kind: 'test-queued', to: 'plain@example.com', subject: 'Plain', text: 'Body' }]));
    const rows = await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'test-queued').orderBy('id').execute();
    expect(rows.map((r) => [r.to_address, r.reply_to, r.subject, r.text_body, r.headers, r.sent_at])).toEqual([
      [tricky.to, tricky.replyTo, tricky.subject, tricky.text, tricky.headers, null],
      ['plain@example.com', null, 'Plain', 'Body', null, null],
    ]);
    expect(Math.abs(rows[0]!.next_attempt_at.getTime() - Date.now())).toBeLessThan(60_000);

    // A NUL cannot be a literal (nor stored in text): the statement goes with parameters and PostgreSQL refuses it, as before.
    await expect(portal.db.transaction().execute((trx) => queueMails(trx, [withNul]))).rejects.toThrow();
    await expect(
      portal.db.transaction().execute(async (trx) => {
        await queueMails(trx, [{ ...tricky, subject: 'rolled back' }]);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    const after = await portal.db.selectFrom('mail_outbox').select('subject').where('kind', '=', 'test-queued').execute();
    expect(after).toHaveLength(2);
  });
});
