import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteDetailSchema, quoteListSchema } from '../../../contracts/customer/quotes';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putDemoQuotes, putDemoSqlQuotes } from '../../../scripts/demo-quotes';
import { verifySignatureChain } from '../signatures/verify-chain';

/** The demo's written quotes (scripts/demo-quotes.ts, run by `npm run demo`) as the demo customer opens them. */
let portal: TestPortal;
let cookie: string;
const EMAIL = 'demo@northwind-builders.example';

beforeAll(async () => {
  portal = await createTestPortal();
  cookie = await portal.signUp(EMAIL, { name: 'Dana Demo' });
  await portal.db.transaction().execute(async (trx) => {
    await putDemoSqlQuotes(trx, EMAIL);
    await putDemoQuotes(trx, EMAIL, portal.config);
  });
});
afterAll(() => portal?.close());

const open = async (description: string) => {
  const list = quoteListSchema.parse(await (await portal.request('/api/quotes', { cookie })).json());
  const listed = list.quotes.find((q) => q.description.startsWith(description));
  expect(listed, description).toBeDefined();
  const res = await portal.request(`/api/quotes/${listed!.id}`, { cookie });
  expect(res.status).toBe(200);
  return quoteDetailSchema.parse(await res.json());
};

describe('the demo quotes', () => {
  it("the bathroom quote is in its second version and shows 'What changed': a lower tile price, a line removed, one added", async () => {
    const bathroom = await open('Bathroom refresh');
    expect(bathroom.status).toBe('Sent');
    expect(bathroom.version!.version).toBe(2);
    const changed = bathroom.whatChanged!;
    expect(changed).toMatchObject({ fromVersion: 1, toVersion: 2 });
    expect(changed.added.map((l) => l.description)).toEqual(['Quiet exhaust fan, vented outside']);
    expect(changed.removed.map((l) => l.description)).toEqual(['Vanity with quartz top']);
    expect(changed.changed.map((c) => c.line.description)).toEqual(['Porcelain wall tile, installed (sq ft)']);
    expect(changed.total.new).not.toBe(changed.total.old);
    expect(bathroom.earlierVersions.map((v) => v.version)).toEqual([1]);
    expect(bathroom.canDecide).toBe(true);
  });

  it('the windows quote has optional lines to tick, and can be approved', async () => {
    const windows = await open('Replace six windows');
    expect(windows.status).toBe('Sent');
    expect(windows.version!.lines.filter((l) => l.optional).map((l) => l.description)).toEqual([
      'Interior trim, painted',
      'Insect screens',
    ]);
    expect(windows.whatChanged).toBeNull();
    expect(windows.canDecide).toBe(true);
    // The demo sends no e-mail to its own account.
    const queued = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM mail_outbox WHERE to_address = ${EMAIL} AND sent_at IS NULL AND kind LIKE 'quote-%'`.execute(
      portal.db,
    );
    expect(queued.rows[0]!.n).toBe('0');
  });
});

describe("the demo's Revision Requested quote", () => {
  it("is in the office's Inbox with the customer's request; the bathroom's request, answered by version 2, is not", async () => {
    const open = await portal.db
      .selectFrom('office_inbox as i')
      .innerJoin('quotes as q', 'q.id', 'i.quote_id')
      .select(['q.description', 'q.status', 'i.summary'])
      .where('i.kind', '=', 'revision_request')
      .where('i.done_at', 'is', null)
      .execute();
    expect(open).toEqual([
      {
        description: 'Backyard deck, 16 x 20 ft, pressure-treated lumber with railing and stairs.',
        status: 'Revision Requested',
        summary: 'Could the deck be 14 x 18 ft instead, with a simpler railing? We would like to keep it under $9,000.',
      },
    ]);
  });
});

describe("the demo's signed quote (issue 24)", () => {
  it('is Approved with its signed PDF, downloadable, and its event chain is intact', async () => {
    const deck = await open('Cedar deck');
    expect(deck.status).toBe('Approved');
    expect(deck.decision?.pdfSha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await portal.request(`/api/quotes/${deck.id}/signed-pdf`, { cookie });
    expect(file.status).toBe(200);
    const events = await portal.db
      .selectFrom('signature_events')
      .select('event')
      .where('document_id', '=', deck.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual(['sent', 'first_opened', 'consented', 'signed', 'copy_emailed']);
    expect(await verifySignatureChain(portal.db, 'quote', deck.id)).toMatchObject({ intact: true });
  });
});
