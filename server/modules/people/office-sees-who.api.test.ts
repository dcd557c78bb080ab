import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { changeOrderApproval, putApprovedQuote, putChangeOrder } from '../../../tests/support/change-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentInvoiceWithSql } from '../../../tests/support/payments';
import { invitedPerson } from '../../../tests/support/people';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/**
 * 'Every approval, payment and request records which person did it, and the office sees that name'
 * (contract-spec §4): the office's quote page names the person behind each decision and revision
 * request, the change order page the person behind its decision, the invoice who paid online.
 */
const OWNER = 'oona@example.com';
const PAT = { name: 'Pat Payer', email: 'pat.payer@example.com' };
const OONA = { name: 'Oona Owner', email: OWNER };
const lines = [{ description: 'Boards', quantity: '2', unitPrice: '50.00' }];

let portal: TestPortal;
let owner: string;
let pat: string;
let clerk: string;

beforeAll(async () => {
  portal = await createTestPortal();
  owner = await portal.signUp(OWNER, { name: 'Oona Owner' });
  pat = await invitedPerson(portal, owner, PAT.email, 'approve_and_pay', PAT.name);
  clerk = (await createOfficeAccount(portal, 'desk@company.example')).cookie;
}, 120_000);
afterAll(() => portal?.close());

const approve = (cookie: string, quoteId: number, signerName: string) =>
  portal.request(`/api/quotes/${quoteId}/approve`, {
    cookie,
    body: { version: 1, signerName, accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
const officeGet = async <T>(path: string) => {
  const res = await portal.request(path, { cookie: clerk });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
type OfficeQuote = {
  decisions: { decision: string; signerName: string | null; person?: unknown }[];
  revisionRequests: { message: string; person?: unknown }[];
};

describe('the office sees which person of the account acted', () => {
  it("on the quote page: who approved (a person, typing another signer's name), who declined (the owner), who asked", async () => {
    const approved = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Fence', lines });
    expect((await approve(pat, approved.id, 'Oona Owner')).status).toBe(201);
    expect((await officeGet<OfficeQuote>(`/api/office/quotes/${approved.id}`)).decisions).toEqual([
      expect.objectContaining({ decision: 'Approved', signerName: 'Oona Owner', person: PAT }),
    ]);

    const declined = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Shed', lines });
    const no = await portal.request(`/api/quotes/${declined.id}/decline`, { cookie: owner, body: { version: 1, reason: 'Too dear' } });
    expect(no.status).toBe(201);
    expect((await officeGet<OfficeQuote>(`/api/office/quotes/${declined.id}`)).decisions).toEqual([
      expect.objectContaining({ decision: 'Declined', person: OONA }),
    ]);

    const asked = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Deck', lines });
    const ask = await portal.request(`/api/quotes/${asked.id}/revision-requests`, { cookie: pat, body: { message: 'Cedar please' } });
    expect(ask.status).toBe(201);
    expect((await officeGet<OfficeQuote>(`/api/office/quotes/${asked.id}`)).revisionRequests).toEqual([
      expect.objectContaining({ message: 'Cedar please', person: PAT }),
    ]);
  });

  it('a decision put in with plain SQL names nobody', async () => {
    const quote = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Gate', lines });
    await sql`INSERT INTO quote_approvals (quote_id, version, decision, signer_name, optional_item_ids, total, content_hash)
      SELECT ${quote.id}, 1, 'Approved', 'By Hand', '{}', 100.00, content_hash FROM quote_versions WHERE quote_id = ${quote.id}`.execute(
      portal.db,
    );
    expect((await officeGet<OfficeQuote>(`/api/office/quotes/${quote.id}`)).decisions).toEqual([
      expect.objectContaining({ signerName: 'By Hand', person: null }),
    ]);
  });

  it("on the change order's page: who approved it", async () => {
    const quoteId = await putApprovedQuote(portal, OWNER, owner);
    const { id, contentHash } = await putChangeOrder(portal, clerk, quoteId, true);
    const yes = await portal.request(`/api/change-orders/${id}/approve`, {
      cookie: pat,
      body: changeOrderApproval(contentHash, 'en', 'Pat'),
    });
    expect(yes.status, await yes.clone().text()).toBe(201);
    const seen = await officeGet<{ decidedFrom: { person?: unknown } | null }>(`/api/office/change-orders/${id}`);
    expect(seen.decidedFrom).toMatchObject({ person: PAT });
  });

  it("on the invoice: who paid online (the webhook's payment keeps the person, migration 115)", async () => {
    const invoice = await putSentInvoiceWithSql(portal.db, OWNER, { total: '100.00' });
    const patId = (await portal.db.selectFrom('user').select('id').where('email', '=', PAT.email).executeTakeFirstOrThrow()).id;
    await sql`INSERT INTO payments (invoice_id, amount, method, provider, provider_event_id, person_id)
      VALUES (${invoice.id}, 40.00, 'online', 'stripe', 'evt_who_paid', ${patId})`.execute(portal.db);
    await sql`INSERT INTO payments (invoice_id, amount, method, reference, recorded_by)
      VALUES (${invoice.id}, 10.00, 'check', '1001', 'desk@company.example')`.execute(portal.db);
    const seen = await officeGet<{ payments: { method: string; recordedBy: string | null; paidBy?: unknown }[] }>(
      `/api/office/invoices/${invoice.id}`,
    );
    expect(seen.payments.map((p) => [p.method, p.recordedBy, p.paidBy])).toEqual([
      ['online', null, PAT],
      ['check', 'desk@company.example', null],
    ]);
  });

  it('once the person is removed, the records name nobody (their sign-in is gone) and the typed signer stays', async () => {
    const quote = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Porch', lines });
    const gone = await invitedPerson(portal, owner, 'gone@example.com', 'approve_and_pay', 'Gone Person');
    expect((await approve(gone, quote.id, 'Gone Person')).status).toBe(201);
    const row = await portal.db.selectFrom('account_people').select('id').where('email', '=', 'gone@example.com').executeTakeFirstOrThrow();
    expect((await portal.request(`/api/people/${row.id}/remove`, { cookie: owner, body: {} })).status).toBe(200);
    expect((await officeGet<OfficeQuote>(`/api/office/quotes/${quote.id}`)).decisions).toEqual([
      expect.objectContaining({ signerName: 'Gone Person', person: null }),
    ]);
  });

  it("the customer's own answers do not carry the person's id", async () => {
    const quote = await putSentQuoteWithSql(portal.db, OWNER, { description: 'Roof', lines });
    const res = await approve(pat, quote.id, 'Pat');
    const text = await res.text();
    const patId = (await portal.db.selectFrom('user').select('id').where('email', '=', PAT.email).executeTakeFirstOrThrow()).id;
    expect(text).not.toContain(patId);
    expect(await (await portal.request(`/api/quotes/${quote.id}`, { cookie: owner })).text()).not.toContain(patId);
  });
});
