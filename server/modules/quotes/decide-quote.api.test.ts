import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteDetailSchema } from '../../../contracts/customer/quotes';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { testDatabaseKind } from '../../../tests/support/database';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/**
 * An approval or a decline is claimed by one statement that also reads what the decision is made with,
 * and its row is written without being read back (decision 297): on PostgreSQL two messages in all.
 * What the customer is answered is what is stored, and a refusal by the database at the end keeps
 * nothing.
 */
let portal: TestPortal;
let ana: string;
const onPostgres = testDatabaseKind() === 'postgres';
const consent = { version: CONSENT_VERSION, locale: 'en', agreed: true };
const deck = {
  description: 'Backyard deck',
  taxRate: '8.25',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain', quantity: '2.5', unitPrice: '35.01', optional: true },
    { description: 'Lights', quantity: '4', unitPrice: '19.99', optional: true },
  ],
};

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz', phone: '555-0101', address: '7 Birch Lane' });
});
afterAll(() => portal?.close());
afterEach(() => vi.restoreAllMocks());

const approve = (id: number, body: object) => portal.request(`/api/quotes/${id}/approve`, { cookie: ana, body });
const page = async (id: number) => quoteDetailSchema.parse(await (await portal.request(`/api/quotes/${id}`, { cookie: ana })).json());
const kept = async (id: number) => ({
  status: (await portal.db.selectFrom('quotes').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status,
  ...(
    await sql<{ decisions: number; seals: number; events: number; mails: number; invoices: number }>`SELECT
      (SELECT count(*)::int FROM quote_approvals WHERE quote_id = ${id}) AS decisions,
      (SELECT count(*)::int FROM signature_seals WHERE quote_id = ${id}) AS seals,
      (SELECT count(*)::int FROM signature_events WHERE document_kind = 'quote' AND document_id = ${id} AND event IN ('consented', 'signed')) AS events,
      (SELECT count(*)::int FROM mail_outbox WHERE subject LIKE ${`Quote #${id} %`}) AS mails,
      (SELECT count(*)::int FROM invoices WHERE quote_id = ${id}) AS invoices`.execute(portal.db)
  ).rows[0]!,
});

describe('a decision on a quote', () => {
  it.runIf(onPostgres)('goes to PostgreSQL as two messages: the claim with its reads, then its rows with COMMIT', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana@example.com', deck);
    const simple: string[] = [];
    const parsed = new Map<string, string>();
    const bound: string[] = [];
    const { query, parse, bind } = pg.Connection.prototype;
    vi.spyOn(pg.Connection.prototype, 'query').mockImplementation(function (this: pg.Connection, text: string) {
      simple.push(text);
      return query.call(this, text);
    });
    vi.spyOn(pg.Connection.prototype, 'parse').mockImplementation(function (this: pg.Connection, ...args: Parameters<typeof parse>) {
      parsed.set(args[0].name ?? '', args[0].text);
      return parse.apply(this, args);
    });
    vi.spyOn(pg.Connection.prototype, 'bind').mockImplementation(function (this: pg.Connection, ...args: Parameters<typeof bind>) {
      bound.push(args[0]?.statement ?? '');
      return bind.apply(this, args);
    });
    const res = await approve(quote.id, { version: 1, signerName: 'Ana Ruiz', accepted: true, consent, optionalItemIds: [quote.ids[1]] });
    expect(res.status).toBe(201);
    // Each statement's text: an extended-protocol one by the name it was bound under, then the simple ones.
    // (This is the file's first approval: its statements are prepared now, so each bound name was parsed here.)
    expect(bound.filter((name) => !parsed.has(name))).toEqual([]);
    const texts = [...bound.map((name) => parsed.get(name)!), ...simple];
    const [claim, rest, ...more] = texts.filter((text) => /quote_versions|quote_approvals/.test(text));
    expect(more).toEqual([]);
    expect(claim).toMatch(/^with "won" as \(update "quotes".*returning.*nextval.*"quote_versions".*"quote_line_items".*"customers"/is);
    expect(rest).toMatch(
      /insert into "signature_events".*insert into "signature_seals".*insert into "quote_approvals".*INSERT INTO mail_outbox.*;\s*commit$/is,
    );
  });

  it('answers the approval as it is stored, and the quote page then shows the same decision', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana@example.com', deck);
    const res = await approve(quote.id, { version: 1, signerName: 'Ana Ruiz', accepted: true, consent, optionalItemIds: [quote.ids[2]] });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { status: string; decision: Record<string, unknown> };
    const stored = await portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    // (250 + 79.96) × 1.0825 = 329.96 + 27.22
    expect(answer).toMatchObject({ status: 'Approved', decision: { total: '357.18', optionalItemIds: [quote.ids[2]] } });
    expect(answer.decision).toEqual({
      id: Number(stored.id),
      version: 1,
      decision: 'Approved',
      signerName: 'Ana Ruiz',
      reason: null,
      optionalItemIds: [quote.ids[2]],
      total: stored.total,
      decidedAt: stored.decided_at.toISOString(),
      contentHash: stored.content_hash,
      pdfSha256: null,
    });
    expect((await page(quote.id)).decision).toMatchObject({ ...answer.decision, pdfSha256: expect.any(String) });
    expect(await kept(quote.id)).toMatchObject({ status: 'Approved', decisions: 1, seals: 1, events: 2, mails: 1 });
  });

  it('answers a decline as it is stored, with its reason and no signature', async () => {
    const quote = await putSentQuoteWithSql(portal.db, 'ana@example.com', deck);
    const res = await portal.request(`/api/quotes/${quote.id}/decline`, { cookie: ana, body: { version: 1, reason: 'Too dear' } });
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { decision: Record<string, unknown> };
    const stored = await portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    expect(answer.decision).toMatchObject({
      id: Number(stored.id),
      decision: 'Declined',
      reason: 'Too dear',
      signerName: null,
      total: null,
      optionalItemIds: [],
      decidedAt: stored.decided_at.toISOString(),
    });
    expect(await kept(quote.id)).toMatchObject({ status: 'Declined', decisions: 1, seals: 0, events: 0, mails: 1 });
  });

  // Without a deposit the refused row fails the COMMIT's message; with one, the deposit invoice's first
  // statement, which it travels with.
  it.each([0, 50])(
    'refused by the database when its rows are written (deposit %i %%): an error, and nothing of it is kept',
    async (depositPercent) => {
      const quote = await putSentQuoteWithSql(portal.db, 'ana@example.com', { ...deck, depositPercent });
      // The database's own checks refuse the approval row (as quote_approval_guard would a wrong total).
      await sql`CREATE FUNCTION refuse_approval() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test' USING ERRCODE = 'check_violation'; END $$`.execute(portal.db);
      await sql`CREATE TRIGGER refuse_approval BEFORE INSERT ON quote_approvals FOR EACH ROW EXECUTE FUNCTION refuse_approval()`.execute(
        portal.db,
      );
      try {
        const res = await approve(quote.id, { version: 1, signerName: 'Ana Ruiz', accepted: true, consent });
        expect(res.status).toBe(500);
        expect(await kept(quote.id)).toEqual({ status: 'Sent', decisions: 0, seals: 0, events: 0, mails: 0, invoices: 0 });
      } finally {
        await sql`DROP TRIGGER refuse_approval ON quote_approvals`.execute(portal.db);
        await sql`DROP FUNCTION refuse_approval()`.execute(portal.db);
      }
      // The same approval then goes through, on the same pool.
      const res = await approve(quote.id, { version: 1, signerName: 'Ana Ruiz', accepted: true, consent });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { depositInvoiceId: number | null }).depositInvoiceId === null).toBe(depositPercent === 0);
      expect(await kept(quote.id)).toMatchObject({
        status: 'Approved',
        decisions: 1,
        seals: 1,
        events: 2,
        mails: 1,
        invoices: depositPercent ? 1 : 0,
      });
    },
  );

  it('lets the customer’s role take the approval ids’ next number, and nothing else of the sequence', async () => {
    const { rows } = await sql<{ sequence: string; usage: boolean; update: boolean; select: boolean }>`SELECT
      pg_get_serial_sequence('quote_approvals', 'id') AS sequence,
      has_sequence_privilege('portal_customer', 'quote_approvals_id_seq', 'USAGE') AS usage,
      has_sequence_privilege('portal_customer', 'quote_approvals_id_seq', 'UPDATE') AS update,
      has_sequence_privilege('portal_customer', 'quote_approvals_id_seq', 'SELECT') AS select`.execute(portal.db);
    expect(rows[0]).toEqual({ sequence: 'public.quote_approvals_id_seq', usage: true, update: false, select: false });
  });
});
