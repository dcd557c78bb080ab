import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { withCustomerScope } from './customer-scope';

/**
 * quote_status_log.reader (migration 065): the customer's policy on the history compares a column
 * instead of probing quotes, and shows exactly the rows of the quotes the customer can read (their
 * own, never a Draft), whatever happens to the quote afterwards.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

async function quote(email: string, status: string, description: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES (${email}, ${description}, 100, ${status}) RETURNING id`.execute(portal.db);
  return Number(rows[0]!.id);
}
const log = (quoteId: number, status: string) =>
  sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${quoteId}, ${status}, now() - interval '1 day')`.execute(
    portal.db,
  );
/** The history rows of one quote a customer can read, as that customer. */
const historySeenBy = (email: string, quoteId: number) =>
  withCustomerScope(portal.db, email, (trx) =>
    trx.selectFrom('quote_status_log').select('status').where('quote_id', '=', quoteId).orderBy('id').execute(),
  ).then((rows) => rows.map((r) => r.status));
const readers = (quoteId: number) =>
  portal.db
    .selectFrom('quote_status_log')
    .select('reader')
    .where('quote_id', '=', quoteId)
    .execute()
    .then((rows) => rows.map((r) => r.reader));

describe('quote_status_log.reader', () => {
  it('is the owner’s e-mail in lower case, and another customer reads none of the rows', async () => {
    const id = await quote('Cleo@Example.com', 'Sent', 'cleo roof');
    await log(id, 'Sent');
    expect(await readers(id)).toEqual(['cleo@example.com']);
    expect(await historySeenBy('cleo@example.com', id)).toEqual(['Sent']);
    expect(await historySeenBy('dan@example.com', id)).toEqual([]);
  });

  it('hides a Draft’s history, and shows it once the quote is sent (and hides it again back in Draft)', async () => {
    const id = await quote('erin@example.com', 'Draft', 'erin draft');
    await log(id, 'Draft');
    expect(await readers(id)).toEqual([null]);
    expect(await historySeenBy('erin@example.com', id)).toEqual([]);
    await sql`UPDATE quotes SET status = 'Sent' WHERE id = ${id}`.execute(portal.db);
    // The status trigger's own row (migration 055) and the earlier one.
    expect(await historySeenBy('erin@example.com', id)).toEqual(['Draft', 'Sent']);
    await sql`UPDATE quotes SET status = 'Draft' WHERE id = ${id}`.execute(portal.db);
    expect(await historySeenBy('erin@example.com', id)).toEqual([]);
  });

  it('follows the quote to its owner’s new e-mail (move_customer_email)', async () => {
    const id = await quote('fay@example.com', 'Sent', 'fay deck');
    await log(id, 'Sent');
    await portal.db.transaction().execute((trx) => sql`SELECT move_customer_email('fay@example.com', 'Fay.New@example.com')`.execute(trx));
    expect(await readers(id)).toEqual(['fay.new@example.com']);
    expect(await historySeenBy('fay@example.com', id)).toEqual([]);
    expect(await historySeenBy('fay.new@example.com', id)).toEqual(['Sent']);
  });

  it('logs a customer’s own decision where they can read it', async () => {
    const id = await quote('gil@example.com', 'Sent', 'gil fence');
    await log(id, 'Sent');
    await withCustomerScope(portal.db, 'gil@example.com', (trx) =>
      trx.updateTable('quotes').set({ status: 'Declined' }).where('id', '=', id).execute(),
    );
    expect(await historySeenBy('gil@example.com', id)).toEqual(['Sent', 'Declined']);
    expect(await historySeenBy('hal@example.com', id)).toEqual([]);
  });

  it('is never taken from the writer: a row written or changed with another reader gets the quote’s', async () => {
    const id = await quote('ivy@example.com', 'Sent', 'ivy patio');
    await sql`INSERT INTO quote_status_log (quote_id, status, reader) VALUES (${id}, 'Sent', 'jon@example.com')`.execute(portal.db);
    expect(await readers(id)).toEqual(['ivy@example.com']);
    await sql`UPDATE quote_status_log SET reader = 'jon@example.com' WHERE quote_id = ${id}`.execute(portal.db);
    expect(await readers(id)).toEqual(['ivy@example.com']);
    expect(await historySeenBy('jon@example.com', id)).toEqual([]);
    // A row moved to another quote takes that quote's reader.
    const other = await quote('jon@example.com', 'Sent', 'jon shed');
    await sql`UPDATE quote_status_log SET quote_id = ${other} WHERE quote_id = ${id}`.execute(portal.db);
    expect(await readers(other)).toEqual(['jon@example.com']);
  });
});
