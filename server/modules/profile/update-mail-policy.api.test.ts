import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersOf } from '../../platform/mail/attachments';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { customerOfToken } from './email-updates';
import { queueUpdateMail, updateRecipient } from './update-mail-policy';

/** Whom every update e-mail (quotes and work orders alike) goes to, and how it can be stopped. */
let portal: TestPortal;
const SECRET = 'test-secret-'.padEnd(40, 'x');
const deps = () => ({ config: portal.config, secret: SECRET });

beforeAll(async () => {
  portal = await createTestPortal();
  await portal.signUp('Ana@Example.com', { name: 'Ana Ruiz' });
  await portal.signUp('ben@example.com', { name: 'Ben Lee' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'ana@example.com'`.execute(portal.db);
  await sql`UPDATE customers SET email_updates = false WHERE email = 'ben@example.com'`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('the update e-mail policy', () => {
  it("goes to the account's address in its language, whatever the record's spelling, with a link that stops them", async () => {
    const recipient = await updateRecipient(portal.db, deps(), 'ANA@example.COM');
    expect(recipient).toMatchObject({ email: 'ana@example.com', locale: 'es' });
    const link = new URL(recipient!.optOutUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${portal.config.appUrl}/api/email-updates/opt-out`);
    expect(await customerOfToken(SECRET, link.searchParams.get('token')!)).toBe(recipient!.customerId);
  });

  it('sends nothing to a customer who turned updates off, nor to an address with no account', async () => {
    expect(await updateRecipient(portal.db, deps(), 'ben@example.com')).toBeUndefined();
    expect(await updateRecipient(portal.db, deps(), 'nobody@example.com')).toBeUndefined();
  });

  it('queues the e-mail with the one-click List-Unsubscribe headers', async () => {
    const recipient = (await updateRecipient(portal.db, deps(), 'ana@example.com'))!;
    await queueUpdateMail(portal.db, recipient, { kind: 'policy-test', subject: 'Hola', text: 'Texto' });
    const row = await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'policy-test').executeTakeFirstOrThrow();
    expect(row.to_address).toBe('ana@example.com');
    expect(headersOf(row)).toEqual({
      'List-Unsubscribe': `<${recipient.optOutUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });
});
