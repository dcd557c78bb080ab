import { CONSENT_VERSION } from '../../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../contracts/customer/dashboard';
import type { QuoteList } from '../../../contracts/customer/quotes';
import type { CustomerDetail } from '../../../contracts/office/customers';
import type { OfficeQuote, OfficeQuotePage } from '../../../contracts/office/quotes';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/**
 * Every list shows a quote as its page does (listed.ts): the customer's /quotes and dashboard, the
 * office's Quotes screen, customer page and quote page. One total for an approved quote (the signed one), and
 * Expired for a Sent quote past its valid-until day before the job has written it.
 */
let portal: TestPortal;
let ana: string;
let staff: string;
let anaId: number;

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  anaId = Number(
    (await portal.db.selectFrom('customers').select('id').where('email', '=', 'ana@example.com').executeTakeFirstOrThrow()).id,
  );
});
afterAll(() => portal?.close());

const get = async <T>(path: string, cookie: string) => {
  const res = await portal.request(path, { cookie });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

/** The quote as each of the four lists shows it: [status, total]. */
async function everyList(id: number) {
  const mine = (await get<QuoteList>('/api/quotes', ana)).quotes.find((q) => q.id === id)!;
  const dashboard = (await get<Dashboard>('/api/dashboard', ana)).recentQuotes.find((q) => q.id === id)!;
  const office = (await get<OfficeQuotePage>('/api/office/quotes?limit=100', staff)).quotes.find((q) => q.id === id)!;
  const page = (await get<CustomerDetail>(`/api/office/customers/${anaId}`, staff)).quotes.find((q) => q.id === id)!;
  const officePage = await get<OfficeQuote>(`/api/office/quotes/${id}`, staff);
  return {
    customerList: [mine.status, mine.total],
    dashboard: [dashboard.status, dashboard.total],
    officeList: [office.status, office.total],
    officeCustomerPage: [page.status, page.total],
    officeQuotePage: [officePage.status, officePage.total],
  };
}
const same = (status: string, total: string) => ({
  customerList: [status, total],
  dashboard: [status, total],
  officeList: [status, total],
  officeCustomerPage: [status, total],
  officeQuotePage: [status, total],
});

const windows = {
  description: 'Replace six windows',
  taxRate: '8.25',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Railing', quantity: '1', unitPrice: '400' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
};

describe('one total for an approved quote', () => {
  it('lists the signed total (chosen optional lines) everywhere, while quotes.total keeps the version’s', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana@example.com', windows);
    expect(await everyList(quote.id)).toEqual(same('Sent', '703.63'));

    const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
      cookie: ana,
      body: {
        version: 1,
        signerName: 'Ana Ruiz',
        accepted: true,
        consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        optionalItemIds: [quote.ids[2]],
      },
    });
    expect(res.status).toBe(201);
    // 650.00 + 87.53 = 737.53, tax 60.85: the figure on the quote's page, its PDF and quote_approvals.total.
    const page = (await get<{ decision: { total: string } }>(`/api/quotes/${quote.id}`, ana)).decision;
    expect(page.total).toBe('798.38');
    expect(await everyList(quote.id)).toEqual(same('Approved', '798.38'));
    const column = await portal.db.selectFrom('quotes').select('total').where('id', '=', quote.id).executeTakeFirstOrThrow();
    expect(column.total).toBe('703.63');
  });

  it('keeps the column of a quote put in with SQL as Approved (no approval), and of a declined one', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'Paint the fence', 1234.5, 'Approved') RETURNING id`.execute(portal.db);
    expect(await everyList(Number(rows[0]!.id))).toEqual(same('Approved', '1234.50'));

    const declined = await putSentQuoteWithSql(portal.db, 'ana@example.com', windows);
    const res = await portal.request(`/api/quotes/${declined.id}/decline`, { cookie: ana, body: { version: 1 } });
    expect(res.status).toBe(201);
    expect(await everyList(declined.id)).toEqual(same('Declined', '703.63'));
  });
});

describe('expired everywhere at once', () => {
  it('lists a Sent quote past its valid-until day (company’s day) as Expired before the job runs; filters and counts it so', async () => {
    const today = (
      await sql<{ d: string }>`SELECT to_char((now() AT TIME ZONE ${portal.config.company.timeZone})::date, 'YYYY-MM-DD') AS d`.execute(
        portal.db,
      )
    ).rows[0]!.d;
    const yesterday = (await sql<{ d: string }>`SELECT to_char(${today}::date - 1, 'YYYY-MM-DD') AS d`.execute(portal.db)).rows[0]!.d;
    const past = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...windows, validUntil: yesterday });
    const lastDay = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...windows, validUntil: today });

    expect(await everyList(past.id)).toEqual(same('Expired', '703.63'));
    expect(await everyList(lastDay.id)).toEqual(same('Sent', '703.63'));
    // Not written yet: the lists apply the rule themselves.
    const stored = await portal.db.selectFrom('quotes').select('status').where('id', '=', past.id).executeTakeFirstOrThrow();
    expect(stored.status).toBe('Sent');

    const expired = await get<OfficeQuotePage>('/api/office/quotes?status=Expired&limit=100', staff);
    expect(expired.quotes.map((q) => q.id)).toContain(past.id);
    const sent = await get<OfficeQuotePage>('/api/office/quotes?status=Sent&limit=100', staff);
    expect(sent.quotes.map((q) => q.id)).toContain(lastDay.id);
    expect(sent.quotes.map((q) => q.id)).not.toContain(past.id);
    expect(sent.counts.Expired).toBe(expired.quotes.length);
    expect(sent.counts.Sent).toBe(sent.quotes.length);
  });
});
