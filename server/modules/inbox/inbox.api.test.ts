import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxEntry, InboxPage } from '../../../contracts/office/inbox';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

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
    const kinds = (await inbox('?limit=100')).entries.filter((e) => e.record.id === other.rows[0]!.id).map((e) => e.kind);
    expect(kinds).toEqual(['work_request']);
  });

  it('a record of an address with no customers row has no customer id', async () => {
    await sql`INSERT INTO work_orders (email, description, address) VALUES ('stranger@example.com', 'Fix stairs', '1 Unknown Rd')`.execute(
      portal.db,
    );
    expect((await newest())?.customer).toEqual({ id: null, name: null, email: 'stranger@example.com' });
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
