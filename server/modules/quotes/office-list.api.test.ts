import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeQuotePageSchema, type OfficeQuotePage } from '../../../contracts/office/quotes';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** GET /api/office/quotes: every customer's quotes for the office, paged by keyset. */
let portal: TestPortal;
let staff: string;
let customer: string;

const insertQuote = async (email: string, status: string, createdAt: string, total = '1250.05', description = 'Deck') =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status, created_at)
        VALUES (${email}, ${description}, ${total}, ${status}, ${createdAt}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );

const list = async (query = '') => {
  const res = await portal.request(`/api/office/quotes${query}`, { cookie: staff });
  expect(res.status).toBe(200);
  return officeQuotePageSchema.parse(await res.json());
};

const ids: number[] = [];
beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  customer = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  const statuses = ['Sent', 'Approved', 'Sent', 'Declined', 'Revision Requested', 'Sent', 'Pending review'];
  for (const [i, status] of statuses.entries())
    ids.push(await insertQuote(i % 2 ? 'bo@example.com' : 'Ana@Example.com', status, `2026-04-0${i + 1}T08:00:00Z`));
  ids.push(await insertQuote('ana@example.com', 'Draft', '2026-04-07T08:00:00Z', '0.10', 'Kitchen remodel'));
});
afterAll(() => portal?.close());

describe('GET /api/office/quotes', () => {
  it('lists every quote newest first with its exact total and customer, and counts per status', async () => {
    const page = await list();
    expect(page.quotes.map((q) => q.id)).toEqual([...ids].reverse());
    expect(page.quotes[0]).toEqual({
      id: ids[7],
      description: 'Kitchen remodel',
      status: 'Draft',
      total: '0.10',
      createdAt: '2026-04-07T08:00:00.000Z',
      customer: { id: expect.any(Number), name: 'Ana Ruiz', email: 'ana@example.com' },
      // No property picked (contract-spec §4: the list shows its address when there is one).
      address: null,
    });
    expect(page.counts).toEqual({ Sent: 3, Approved: 1, Declined: 1, 'Revision Requested': 1, 'Pending review': 1, Draft: 1 });
  });

  it('filters by any status text (quotes put in with SQL keep theirs) and searches', async () => {
    expect((await list('?status=Sent')).quotes.map((q) => q.id)).toEqual([ids[5], ids[2], ids[0]]);
    expect((await list(`?status=${encodeURIComponent('Pending review')}`)).quotes.map((q) => q.id)).toEqual([ids[6]]);
    const kitchen = await list('?q=KITCHEN');
    expect(kitchen.quotes.map((q) => q.id)).toEqual([ids[7]]);
    expect(kitchen.counts).toEqual({ Draft: 1 });
    expect((await list('?q=bo@')).quotes).toHaveLength(3);
  });

  it('pages by keyset, every quote exactly once', async () => {
    const seen: number[] = [];
    let page: OfficeQuotePage = await list('?limit=3');
    for (;;) {
      seen.push(...page.quotes.map((q) => q.id));
      if (!page.nextCursor) break;
      page = await list(`?limit=3&after=${page.nextCursor}`);
    }
    expect(seen).toEqual([...ids].reverse());
  });

  it('is for the office only', async () => {
    expect((await portal.request('/api/office/quotes', { cookie: customer })).status).toBe(403);
    expect((await portal.request('/api/office/quotes')).status).toBe(401);
  });
});
