import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createLogger } from '../logger';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { enqueueMail } from './outbox';
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
});
