import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxEntry, InboxPage } from '../../../contracts/office/inbox';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql, sendVersionWithSql } from '../../../tests/support/quotes';

/**
 * The office Inbox: entries made by the database for records put in through the portal and with
 * plain SQL alike, newest first, and 'Done'.
 */
let portal: TestPortal;
let staffCookie: string;
let customerCookie: string;

beforeAll(async () => {
  portal = await createTestPortal();
  staffCookie = (await createOfficeAccount(portal, 'clerk@company.example', 'staff')).cookie;
  customerCookie = await portal.signUp('carla@example.com', { name: 'Carla Customer' });
});
afterAll(() => portal?.close());

const inbox = async (query = '') => {
  const res = await portal.request(`/api/office/inbox${query}`, { cookie: staffCookie });
  expect(res.status).toBe(200);
  return (await res.json()) as InboxPage;
};
const newest = async () => (await inbox()).entries[0];
const done = (id: number | string, ip?: string) => portal.request(`/api/office/inbox/${id}/done`, { body: {}, cookie: staffCookie, ip });

describe('inbox entries', () => {
  it('a new work request put in with plain SQL arrives, with its customer', async () => {
    const order = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('Carla@Example.com', 'Gutter came loose', '4 Rain St') RETURNING id`.execute(portal.db);
    expect(await newest()).toMatchObject({
      kind: 'work_request',
      record: { type: 'work_order', id: order.rows[0]!.id },
      customer: { id: expect.any(Number), name: 'Carla Customer', email: 'Carla@Example.com' },
      summary: 'Gutter came loose',
    });
    // An order the office puts in already under way is no request.
    await sql`INSERT INTO work_orders (email, description, address, status) VALUES ('carla@example.com', 'Ongoing', '4 Rain St', 'In Progress')`.execute(
      portal.db,
    );
    expect((await newest())?.summary).toBe('Gutter came loose');
  });

  it('a new work request sent through the portal arrives', async () => {
    const res = await portal.request('/api/work-orders', {
      cookie: customerCookie,
      body: { address: '4 Rain St', description: 'Door sticks' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    expect(await newest()).toMatchObject({ kind: 'work_request', record: { type: 'work_order', id }, summary: 'Door sticks' });
  });

  it('a revision request arrives, put in with plain SQL or sent through the portal; it opens the quote', async () => {
    const quote = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('carla@example.com', 'Roof', 5000, 'Sent') RETURNING id`.execute(portal.db);
    const quoteId = quote.rows[0]!.id;
    await sql`INSERT INTO quote_requests (quote_id, email, message) VALUES (${quoteId}, 'carla@example.com', 'Cheaper tiles?')`.execute(
      portal.db,
    );
    expect(await newest()).toMatchObject({ kind: 'revision_request', record: { type: 'quote', id: quoteId }, summary: 'Cheaper tiles?' });

    const res = await portal.request(`/api/quotes/${quoteId}/revision-requests`, {
      cookie: customerCookie,
      body: { message: 'And a skylight' },
    });
    expect(res.status).toBe(201);
    expect(await newest()).toMatchObject({
      kind: 'revision_request',
      record: { type: 'quote', id: quoteId },
      customer: { name: 'Carla Customer' },
      summary: 'And a skylight',
    });
  });

  it("a customer's cancel arrives with the order's description; a cancel by plain SQL is the office's own and does not", async () => {
    const order = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('carla@example.com', 'Paint the fence', '4 Rain St') RETURNING id`.execute(portal.db);
    const id = order.rows[0]!.id;
    const res = await portal.request(`/api/work-orders/${id}/cancel`, { cookie: customerCookie, body: {} });
    expect(res.status).toBe(200);
    expect(await newest()).toMatchObject({ kind: 'order_cancelled', record: { type: 'work_order', id }, summary: 'Paint the fence' });

    const other = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('carla@example.com', 'Sand the deck', '4 Rain St') RETURNING id`.execute(portal.db);
    await sql`UPDATE work_orders SET status = 'Cancelled' WHERE id = ${other.rows[0]!.id}`.execute(portal.db);
    const kinds = await portal.db
      .selectFrom('office_inbox')
      .select(['kind', 'done_by'])
      .where('work_order_id', '=', other.rows[0]!.id)
      .execute();
    // Its work request was answered by the cancel: closed by the system.
    expect(kinds).toEqual([{ kind: 'work_request', done_by: 'system' }]);
  });

  it('a record of an address with no customers row has no customer id', async () => {
    await sql`INSERT INTO work_orders (email, description, address) VALUES ('stranger@example.com', 'Fix stairs', '1 Unknown Rd')`.execute(
      portal.db,
    );
    expect((await newest())?.customer).toEqual({ id: null, name: null, email: 'stranger@example.com' });
  });
});

describe('entries close by themselves once answered', () => {
  const openIds = async () => (await inbox('?limit=100')).entries.map((e) => e.id);
  const stored = (id: number) =>
    portal.db.selectFrom('office_inbox').select(['done_by', 'done_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const officeCall = (path: string, body: unknown = {}) => portal.request(path, { cookie: staffCookie, body });

  it('a work request is done when its order leaves Pending, whoever moves it (office, plain SQL)', async () => {
    const byOffice = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('carla@example.com', 'Fix the porch light', '4 Rain St') RETURNING id`.execute(portal.db);
    const bySql = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address)
      VALUES ('carla@example.com', 'Clean the gutters', '4 Rain St') RETURNING id`.execute(portal.db);
    const entries = (await inbox('?limit=100')).entries;
    const entryOf = (orderId: number) => entries.find((e) => e.kind === 'work_request' && e.record.id === orderId)!;
    const officeEntry = entryOf(byOffice.rows[0]!.id);
    const sqlEntry = entryOf(bySql.rows[0]!.id);

    const moved = await officeCall(`/api/office/work-orders/${byOffice.rows[0]!.id}/status`, { from: 'Pending', status: 'In Progress' });
    expect(moved.status).toBe(200);
    await sql`UPDATE work_orders SET status = 'Cancelled' WHERE id = ${bySql.rows[0]!.id}`.execute(portal.db);

    expect(await openIds()).not.toContain(officeEntry.id);
    expect(await openIds()).not.toContain(sqlEntry.id);
    expect(await stored(officeEntry.id)).toMatchObject({ done_by: 'system', done_at: expect.anything() });
    expect(await stored(sqlEntry.id)).toMatchObject({ done_by: 'system' });
    // No 'done' audit row: nobody clicked Done.
    const audited = await portal.db
      .selectFrom('audit_log')
      .select('id')
      .where('entity', '=', 'inbox')
      .where('entity_id', 'in', [String(officeEntry.id), String(sqlEntry.id)])
      .execute();
    expect(audited).toEqual([]);
  });

  it('a revision request is done when the office sends a new version of that quote; other quotes’ requests stay', async () => {
    const answered = await putSentQuoteWithSql(portal.db, 'carla@example.com', {
      description: 'Fence',
      lines: [{ description: 'Posts', quantity: '10', unitPrice: '25' }],
    });
    const waiting = await putSentQuoteWithSql(portal.db, 'carla@example.com', {
      description: 'Shed',
      lines: [{ description: 'Shed kit', quantity: '1', unitPrice: '900' }],
    });
    for (const quote of [answered, waiting]) {
      const res = await portal.request(`/api/quotes/${quote.id}/revision-requests`, {
        cookie: customerCookie,
        body: { message: 'Cheaper?' },
      });
      expect(res.status).toBe(201);
    }
    const entries = (await inbox('?limit=100')).entries.filter((e) => e.kind === 'revision_request');
    const answeredEntry = entries.find((e) => e.record.id === answered.id)!;
    const waitingEntry = entries.find((e) => e.record.id === waiting.id)!;

    // Saving a new version is no answer yet; sending it is.
    expect((await officeCall(`/api/office/quotes/${answered.id}/versions`)).status).toBe(201);
    expect(await openIds()).toContain(answeredEntry.id);
    expect((await officeCall(`/api/office/quotes/${answered.id}/send`)).status).toBe(200);
    expect(await openIds()).not.toContain(answeredEntry.id);
    expect(await stored(answeredEntry.id)).toMatchObject({ done_by: 'system' });
    expect(await openIds()).toContain(waitingEntry.id);

    // A version sent with plain SQL answers too; a request made after it waits for the next one.
    await sendVersionWithSql(portal.db, waiting.id, 2, {
      description: 'Shed',
      lines: [{ description: 'Shed kit', quantity: '1', unitPrice: '850' }],
    });
    expect(await openIds()).not.toContain(waitingEntry.id);
    const later = await portal.request(`/api/quotes/${waiting.id}/revision-requests`, {
      cookie: customerCookie,
      body: { message: 'And paint?' },
    });
    expect(later.status).toBe(201);
    expect(await newest()).toMatchObject({ kind: 'revision_request', record: { type: 'quote', id: waiting.id }, summary: 'And paint?' });
  });
});

describe('inbox list and Done', () => {
  it('newest first; keyset pages give every open entry exactly once', async () => {
    await sql`INSERT INTO work_orders (email, description, address) SELECT 'bulk@example.com', 'Bulk ' || n, 'Somewhere' FROM generate_series(1, 9) n`.execute(
      portal.db,
    );
    const all = (await inbox('?limit=100')).entries;
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    const seen: InboxEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: InboxPage = await inbox(`?limit=4${cursor ? `&after=${cursor}` : ''}`);
      seen.push(...page.entries);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect(new Set(seen.map((e) => e.id)).size).toBe(all.length);
  });

  it("'Done' takes the entry off the list, once: a second Done changes nothing and is not audited again", async () => {
    const entry = (await newest())!;
    const res = await done(entry.id, '192.0.2.77');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: entry.id, done: true });
    expect((await inbox('?limit=100')).entries.map((e) => e.id)).not.toContain(entry.id);

    const again = await done(entry.id);
    expect(again.status).toBe(200);
    const rows = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'done')
      .where('entity_id', '=', String(entry.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_email: 'clerk@company.example',
      entity: 'inbox',
      before: { done: false },
      after: { done: true, kind: entry.kind, work_order_id: entry.record.id },
      ip: '192.0.2.77',
    });
    const stored = await portal.db
      .selectFrom('office_inbox')
      .select(['done_by', 'done_at'])
      .where('id', '=', entry.id)
      .executeTakeFirstOrThrow();
    expect(stored.done_by).toBe('clerk@company.example');
  });

  it('answers 404 for an unknown entry and 400 for a malformed id or page link', async () => {
    const missing = await done(999_999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: 'Inbox entry not found.' } });
    expect((await done('x')).status).toBe(400);
    expect((await portal.request('/api/office/inbox?after=WzEsMl0', { cookie: staffCookie })).status).toBe(400);
  });
});
