import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerPage, OfficeCustomer } from '../../../contracts/office/customers';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** The office's Customers screen and customer page: search, add, detail, edit (owners and staff alike). */
let portal: TestPortal;
let staffCookie: string;

beforeAll(async () => {
  portal = await createTestPortal();
  staffCookie = (await createOfficeAccount(portal, 'clerk@company.example', 'staff')).cookie;
  await sql`INSERT INTO customers (name, email, phone, address, account_number) VALUES
    ('Zoe Zimmer', 'zoe@example.com', '555-0199', '9 Z Street', 'NWB-90001'),
    ('anna Able', 'anna@example.com', '(555) 010-2222', '1 A Street', NULL),
    (NULL, 'nameless@example.com', NULL, NULL, 'NWB-77777'),
    ('Mark 100%_Sure', 'mark@example.com', NULL, NULL, NULL)`.execute(portal.db);
});
afterAll(() => portal?.close());

const office = (path: string, init: { body?: unknown; ip?: string } = {}) => portal.request(path, { ...init, cookie: staffCookie });
const search = async (query: string) => {
  const res = await office(`/api/office/customers${query}`);
  expect(res.status).toBe(200);
  return (await res.json()) as CustomerPage;
};
const emails = (page: CustomerPage) => page.customers.map((c) => c.email);
const auditOf = (action: string) =>
  portal.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('entity', '=', 'customer').orderBy('id').execute();

describe('GET /api/office/customers', () => {
  it('lists every customer sorted by name (the e-mail when there is none), with whether they have an account', async () => {
    await portal.signUp('bert@example.com', { name: 'Bert Brown' });
    const page = await search('');
    expect(emails(page)).toEqual(['anna@example.com', 'bert@example.com', 'mark@example.com', 'nameless@example.com', 'zoe@example.com']);
    expect(page.customers.find((c) => c.email === 'zoe@example.com')).toMatchObject({
      name: 'Zoe Zimmer',
      phone: '555-0199',
      accountNumber: 'NWB-90001',
      account: 'none',
    });
    expect(page.customers.find((c) => c.email === 'bert@example.com')?.account).toBe('active');
    expect(page.nextCursor).toBeNull();
  });

  it('finds by any part of the name, e-mail, phone or account #, in any letter case', async () => {
    expect(emails(await search('?q=ZIMM'))).toEqual(['zoe@example.com']);
    expect(emails(await search('?q=anna%40exam'))).toEqual(['anna@example.com']);
    expect(emails(await search('?q=010-2222'))).toEqual(['anna@example.com']);
    // A phone however it is typed: its digits are searched in the phone's digits.
    expect(emails(await search('?q=5550102222'))).toEqual(['anna@example.com']);
    expect(emails(await search('?q=555%20010%202222'))).toEqual(['anna@example.com']);
    expect(emails(await search('?q=555.010.22'))).toEqual(['anna@example.com']);
    expect(emails(await search('?q=(555)%200199'))).toEqual(['zoe@example.com']);
    // '555 010' is the start of both (555) 010-2222 and 555-0100 (Bert's, from his sign-up).
    expect(emails(await search('?q=555%20010'))).toEqual(['anna@example.com', 'bert@example.com']);
    expect(emails(await search('?q=nwb-7'))).toEqual(['nameless@example.com']);
    expect(emails(await search('?q=nobody-like-this'))).toEqual([]);
    // % and _ are searched for as themselves, not as wildcards.
    expect(emails(await search('?q=100%25_'))).toEqual(['mark@example.com']);
    expect(emails(await search('?q=%25'))).toEqual(['mark@example.com']);
  });

  it('pages by keyset: every customer exactly once across pages, also when names repeat', async () => {
    await sql`INSERT INTO customers (name, email) SELECT 'Same Name', 'same' || n || '@example.com' FROM generate_series(1, 7) n`.execute(
      portal.db,
    );
    const all = emails(await search('?limit=100'));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CustomerPage = await search(`?limit=3${cursor ? `&after=${cursor}` : ''}`);
      expect(page.customers.length).toBeLessThanOrEqual(3);
      seen.push(...emails(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(seen).toEqual(all);
    expect(new Set(seen).size).toBe(all.length);
    expect(pages).toBe(Math.ceil(all.length / 3));

    const filtered = await search('?q=same&limit=4');
    const rest = await search(`?q=same&limit=4&after=${filtered.nextCursor}`);
    expect([...emails(filtered), ...emails(rest)]).toHaveLength(7);
    expect(rest.nextCursor).toBeNull();
  });

  it('refuses a made-up page link', async () => {
    const res = await office('/api/office/customers?after=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: 'This page link is not valid.' } });
  });
});

describe('POST /api/office/customers (a customer without an account)', () => {
  it('adds them (audited); once they register and confirm that address they see their records and that profile', async () => {
    const res = await office('/api/office/customers', {
      body: { email: 'Nora.New@Example.com', name: 'Nora New', phone: '555-0303', address: '3 New Road' },
      ip: '192.0.2.44',
    });
    expect(res.status).toBe(201);
    const added = (await res.json()) as OfficeCustomer;
    expect(added).toMatchObject({
      email: 'nora.new@example.com',
      name: 'Nora New',
      phone: '555-0303',
      accountNumber: null,
      account: 'none',
    });
    expect((await auditOf('add')).at(-1)).toMatchObject({
      actor_email: 'clerk@company.example',
      entity_id: String(added.id),
      before: null,
      after: { email: 'nora.new@example.com', name: 'Nora New', phone: '555-0303', address: '3 New Road' },
      ip: '192.0.2.44',
    });

    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('nora.new@example.com', 'Porch repair', 1200.50, 'Sent')`.execute(
      portal.db,
    );
    const cookie = await portal.signUp('nora.new@example.com', { name: 'Nora (typed at sign-up)', phone: '000' });
    const { quotes } = (await (await portal.request('/api/quotes', { cookie })).json()) as { quotes: unknown[] };
    expect(quotes).toMatchObject([{ description: 'Porch repair', total: '1200.50' }]);
    const profile = await (await portal.request('/api/profile', { cookie })).json();
    expect(profile).toMatchObject({ name: 'Nora New', phone: '555-0303', address: '3 New Road' });
    expect((await search('?q=nora')).customers[0]?.account).toBe('active');
  });

  it("refuses an address that is a customer's already (any letter case) or an office account's", async () => {
    const dup = await office('/api/office/customers', { body: { email: 'ZOE@example.com', name: 'Zoe Again' } });
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ error: { message: 'A customer with this e-mail already exists.' } });
    const staff = await office('/api/office/customers', { body: { email: 'clerk@company.example', name: 'Clerk' } });
    expect(staff.status).toBe(409);
    expect(await staff.json()).toMatchObject({ error: { message: 'This e-mail belongs to an office account.' } });
    // And the other way round: an address the office added as a customer cannot be invited to the office.
    const invite = await createOfficeAccount(portal, 'boss@company.example', 'owner');
    const refused = await portal.request('/api/office/staff/invite', {
      cookie: invite.cookie,
      body: { email: 'Zoe@example.com', role: 'staff' },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { message: 'This address belongs to a customer account.' } });
    const bad = await office('/api/office/customers', { body: { email: 'not-an-address', name: '' } });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/office/customers/:id', () => {
  it('answers the profile with their quotes, work orders and revision requests, newest first, and nobody else’s', async () => {
    const zoe = (await search('?q=zoe')).customers[0]!;
    const q1 = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
      VALUES ('ZOE@example.com', 'Fence', 300, 'Sent', now() - interval '2 days') RETURNING id`.execute(portal.db);
    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('zoe@example.com', 'Shed', 4500.10, 'Approved')`.execute(
      portal.db,
    );
    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('anna@example.com', 'Not Zoe', 1, 'Sent')`.execute(portal.db);
    await sql`INSERT INTO work_orders (email, description, address) VALUES ('zoe@example.com', 'Leaky tap', '9 Z Street')`.execute(
      portal.db,
    );
    await sql`INSERT INTO quote_requests (quote_id, email, message) VALUES (${q1.rows[0]!.id}, 'zoe@example.com', 'Taller please')`.execute(
      portal.db,
    );
    const res = await office(`/api/office/customers/${zoe.id}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as CustomerDetail;
    expect(detail.customer).toEqual(zoe);
    expect(detail.quotes.map((q) => [q.description, q.total, q.status])).toEqual([
      ['Shed', '4500.10', 'Approved'],
      ['Fence', '300.00', 'Sent'],
    ]);
    expect(detail.workOrders).toMatchObject([{ description: 'Leaky tap', address: '9 Z Street', status: 'Pending' }]);
    expect(detail.revisionRequests).toMatchObject([{ quoteId: q1.rows[0]!.id, message: 'Taller please' }]);
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    const missing = await office('/api/office/customers/999999');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: 'Customer not found.' } });
    expect((await office('/api/office/customers/abc')).status).toBe(400);
  });
});

describe('POST /api/office/customers/:id (edit)', () => {
  it('saves the profile, which the customer then sees on their Profile; audited with before and after', async () => {
    const cookie = await portal.signUp('edith@example.com', { name: 'Edith E', phone: '555-0001', address: '1 Old Road' });
    const edith = (await search('?q=edith')).customers[0]!;
    const res = await office(`/api/office/customers/${edith.id}`, {
      body: { name: 'Edith Edwards', phone: '555-0001', address: '2 New Road', accountNumber: 'NWB-55555' },
      ip: '192.0.2.55',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: 'Edith Edwards', address: '2 New Road', accountNumber: 'NWB-55555', account: 'active' });
    const profile = await (await portal.request('/api/profile', { cookie })).json();
    expect(profile).toMatchObject({ name: 'Edith Edwards', phone: '555-0001', address: '2 New Road', account_number: 'NWB-55555' });
    expect((await auditOf('edit')).at(-1)).toMatchObject({
      actor_email: 'clerk@company.example',
      entity_id: String(edith.id),
      before: { name: 'Edith E', address: '1 Old Road', account_number: null },
      after: { name: 'Edith Edwards', address: '2 New Road', account_number: 'NWB-55555' },
      ip: '192.0.2.55',
    });

    // Emptying a field clears it; a save that changes nothing writes no audit row.
    await office(`/api/office/customers/${edith.id}`, {
      body: { name: 'Edith Edwards', phone: '', address: '2 New Road', accountNumber: 'NWB-55555' },
    });
    expect(await (await portal.request('/api/profile', { cookie })).json()).toMatchObject({ phone: null });
    const before = (await auditOf('edit')).length;
    await office(`/api/office/customers/${edith.id}`, {
      body: { name: 'Edith Edwards', phone: null, address: '2 New Road', accountNumber: 'NWB-55555' },
    });
    expect(await auditOf('edit')).toHaveLength(before);
  });

  it('refuses what is too long, an unknown field, and an unknown customer', async () => {
    const anna = (await search('?q=anna')).customers[0]!;
    const long = await office(`/api/office/customers/${anna.id}`, {
      body: { name: 'x', phone: null, address: null, accountNumber: 'A'.repeat(41) },
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ error: { message: 'accountNumber: Account # may have at most 40 characters.' } });
    const email = await office(`/api/office/customers/${anna.id}`, {
      body: { name: 'x', phone: null, address: null, accountNumber: null, email: 'new@example.com' },
    });
    expect(email.status).toBe(400);
    const missing = await office('/api/office/customers/999999', { body: { name: 'x', phone: null, address: null, accountNumber: null } });
    expect(missing.status).toBe(404);
  });
});
