import { CONSENT_VERSION } from '../../../contracts/signatures';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteDetailSchema, quoteVersionDetailSchema, type QuoteDetail } from '../../../contracts/customer/quotes';
import { officeQuoteSchema, type OfficeQuote, type QuoteDraftInput } from '../../../contracts/office/quotes';
import { quoteTotals } from '../../../domain/money';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';

/** The customer's quote page API: the current version, what changed, earlier versions, approve and decline. */
let portal: TestPortal;
let staff: string;
let ana: string;
let ben: string;
let anaId: number;

const CHANGED = 'This quote has changed. Please review the new version.';
const EXPIRED = 'This quote has expired. Request a revision for an updated quote.';
const deck: QuoteDraftInput = {
  description: 'Backyard deck',
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Railing', quantity: '1', unitPrice: '400' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
    { description: 'Lights', quantity: '4', unitPrice: '19.99', optional: true },
  ],
  taxRate: '8.25',
  validUntil: '2099-06-30',
  terms: 'Half up front.',
};

const office = async (path: string, body?: unknown) => {
  const res = await portal.request(path, { cookie: staff, body });
  return { status: res.status, body: (await res.json()) as OfficeQuote & { error?: { code: string } } };
};
async function sentQuote(draft = deck): Promise<OfficeQuote> {
  const created = await office('/api/office/quotes', { customerId: anaId, ...draft });
  expect(created.status).toBe(201);
  const sent = await office(`/api/office/quotes/${created.body.id}/send`, {});
  expect(sent.status).toBe(200);
  return officeQuoteSchema.parse(sent.body);
}
const view = async (id: number, cookie = ana) => {
  const res = await portal.request(`/api/quotes/${id}`, { cookie });
  expect(res.status).toBe(200);
  return quoteDetailSchema.parse(await res.json());
};
const approve = (id: number, body: object, cookie = ana, headers: Record<string, string> = {}) =>
  portal.request(`/api/quotes/${id}/approve`, { cookie, body, headers });
const decline = (id: number, body: object, cookie = ana) => portal.request(`/api/quotes/${id}/decline`, { cookie, body });
const errorOf = async (res: Response) => ({
  status: res.status,
  ...((await res.json()) as { error: { code: string; message: string } }).error,
});

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  ben = await portal.signUp('ben@example.com', { name: 'Ben Ortiz' });
  anaId = Number(
    (await portal.db.selectFrom('customers').select('id').where('email', '=', 'ana@example.com').executeTakeFirstOrThrow()).id,
  );
});
afterAll(() => portal?.close());

describe('the customer’s quote page, through two versions', () => {
  let quote: OfficeQuote;
  let page: QuoteDetail;

  it('shows the sent version with its lines, valid-until and terms, and records the first viewing for the office', async () => {
    quote = await sentQuote();
    page = await view(quote.id);
    expect(page).toMatchObject({
      id: quote.id,
      status: 'Sent',
      total: '703.63',
      canDecide: true,
      whatChanged: null,
      earlierVersions: [],
      decision: null,
    });
    expect(page.version).toMatchObject({
      version: 1,
      subtotal: '650.00',
      tax: '53.63',
      total: '703.63',
      validUntil: '2099-06-30',
      terms: 'Half up front.',
    });
    expect(page.version!.lines.map((l) => [l.description, l.lineTotal, l.optional])).toEqual([
      ['Boards', '250.00', false],
      ['Railing', '400.00', false],
      ['Stain, two coats', '87.53', true],
      ['Lights', '79.96', true],
    ]);
    const viewed = (await office(`/api/office/quotes/${quote.id}`)).body.viewedAt;
    expect(viewed).not.toBeNull();
    await view(quote.id);
    expect((await office(`/api/office/quotes/${quote.id}`)).body.viewedAt).toBe(viewed);
    // Nobody else reaches it.
    expect((await portal.request(`/api/quotes/${quote.id}`, { cookie: ben })).status).toBe(404);
    expect((await portal.request(`/api/quotes/${quote.id}/versions/1`, { cookie: ben })).status).toBe(404);
  });

  it('a revision request sets it to Revision Requested: no approving that version any more', async () => {
    const res = await portal.request(`/api/quotes/${quote.id}/revision-requests`, { cookie: ana, body: { message: 'Cheaper boards?' } });
    expect(res.status).toBe(201);
    page = await view(quote.id);
    expect(page).toMatchObject({ status: 'Revision Requested', canDecide: false });
    expect(page.history.map((h) => h.status)).toEqual(['Sent', 'Revision Requested']);
    const refused = await approve(quote.id, {
      version: 1,
      signerName: 'Ana Ruiz',
      accepted: true,
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    });
    expect(await errorOf(refused)).toMatchObject({ status: 409, code: 'quote_changed', message: CHANGED });
  });

  it("version 2 shows 'what changed' (added, removed, changed old -> new, total old -> new) and keeps version 1 viewable", async () => {
    const v1 = quote.versions[0]!;
    const draft = (await office(`/api/office/quotes/${quote.id}/versions`, {})).body.versions[1]!;
    const save = await office(`/api/office/quotes/${quote.id}/draft`, {
      ...deck,
      lines: [
        { key: draft.lines[0]!.key, description: 'Boards', quantity: '20', unitPrice: '11.00' },
        { key: draft.lines[2]!.key, description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
        { key: draft.lines[3]!.key, description: 'Lights', quantity: '4', unitPrice: '19.99', optional: true },
        { description: 'Stairs', quantity: '1', unitPrice: '300' },
      ],
    });
    expect(save.status).toBe(200);
    // While version 2 is a draft, the customer still sees version 1 only.
    expect((await view(quote.id)).version!.version).toBe(1);
    expect((await portal.request(`/api/quotes/${quote.id}/versions/2`, { cookie: ana })).status).toBe(404);
    quote = officeQuoteSchema.parse((await office(`/api/office/quotes/${quote.id}/send`, {})).body);
    expect(quote.viewedAt).toBeNull();

    page = await view(quote.id);
    expect(page).toMatchObject({ status: 'Sent', total: '562.90', canDecide: true, earlierVersions: [{ version: 1, total: '703.63' }] });
    expect(page.version!.version).toBe(2);
    const changes = page.whatChanged!;
    expect(changes).toMatchObject({ fromVersion: 1, toVersion: 2, total: { old: '703.63', new: '562.90' }, fields: [] });
    expect(changes.added.map((l) => l.description)).toEqual(['Stairs']);
    expect(changes.removed.map((l) => [l.description, l.lineTotal])).toEqual([['Railing', '400.00']]);
    expect(changes.changed.map((c) => [c.line.description, c.changes])).toEqual([
      [
        'Boards',
        [
          { field: 'unitPrice', old: '12.50', new: '11.00' },
          { field: 'lineTotal', old: '250.00', new: '220.00' },
        ],
      ],
    ]);
    const earlier = quoteVersionDetailSchema.parse(
      await (await portal.request(`/api/quotes/${quote.id}/versions/1`, { cookie: ana })).json(),
    );
    expect(earlier).toMatchObject({ current: false, version: { version: 1, total: '703.63' }, decision: null });
    expect(earlier.version.lines.map((l) => l.id)).toEqual(v1.lines.map((l) => l.id));
    expect((await portal.request(`/api/quotes/${quote.id}/versions/9`, { cookie: ana })).status).toBe(404);
    expect((await portal.request(`/api/quotes/${quote.id}/versions/x`, { cookie: ana })).status).toBe(400);
  });

  it('refuses an approval of the earlier version with the spec’s message', async () => {
    const res = await approve(quote.id, {
      version: 1,
      signerName: 'Ana Ruiz',
      accepted: true,
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    });
    expect(await errorOf(res)).toMatchObject({ status: 409, code: 'quote_changed', message: CHANGED });
    expect((await view(quote.id)).status).toBe('Sent');
  });

  it('asks for the typed name and the accepted box (400), and refuses lines that are not optional lines of this version', async () => {
    for (const body of [
      { version: 2, signerName: 'Ana Ruiz' },
      { version: 2, signerName: 'Ana Ruiz', accepted: false },
      { version: 2, signerName: '   ', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
      { version: 2, accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
    ]) {
      expect((await approve(quote.id, body)).status).toBe(400);
    }
    const required = page.version!.lines[0]!.id;
    expect(
      await errorOf(
        await approve(quote.id, {
          version: 2,
          signerName: 'Ana Ruiz',
          accepted: true,
          consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
          optionalItemIds: [required],
        }),
      ),
    ).toMatchObject({
      status: 409,
      code: 'quote_changed',
    });
    expect((await view(quote.id)).status).toBe('Sent');
  });

  it('approves version 2 with the chosen optional line: the signed record, the total, the status and the office e-mail', async () => {
    const stain = page.version!.lines.find((l) => l.description.startsWith('Stain'))!;
    const res = await approve(
      quote.id,
      {
        version: 2,
        signerName: '  Ana Ruiz ',
        accepted: true,
        consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        optionalItemIds: [stain.id, stain.id],
      },
      ana,
      {
        'user-agent': 'Mozilla/5.0 (test browser)',
      },
    );
    expect(res.status).toBe(201);
    const expected = quoteTotals(page.version!.lines, page.version!.taxRate, (i) => page.version!.lines[i]!.id === stain.id).total;
    expect(expected).toBe('657.65'); // (520 + 87.53) × 1.0825 = 607.53 + 50.12
    expect(await res.json()).toMatchObject({
      status: 'Approved',
      decision: { version: 2, decision: 'Approved', signerName: 'Ana Ruiz', total: expected, optionalItemIds: [stain.id] },
    });

    const stored = await portal.db.selectFrom('quote_approvals').selectAll().where('quote_id', '=', quote.id).executeTakeFirstOrThrow();
    const hash = (await office(`/api/office/quotes/${quote.id}`)).body.versions[1]!.contentHash;
    expect(stored).toMatchObject({
      version: 2,
      decision: 'Approved',
      signer_name: 'Ana Ruiz',
      total: expected,
      user_agent: 'Mozilla/5.0 (test browser)',
      content_hash: hash,
    });
    expect(stored.optional_item_ids.map(Number)).toEqual([stain.id]);
    expect(stored.ip).toMatch(/^10\./);
    expect(stored.decided_at).toBeInstanceOf(Date);

    page = await view(quote.id);
    expect(page).toMatchObject({ status: 'Approved', canDecide: false, decision: { decision: 'Approved', total: expected } });
    // The quote's total stays the version's (required lines); the signed total is the approval's.
    expect(page.total).toBe('562.90');
    const mail = await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'quote-approved').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ to_address: 'office@northwind-builders.example', reply_to: 'ana@example.com' });
    for (const part of [`Quote #${quote.id}`, 'Signed by: Ana Ruiz', 'Signed total: $657.65', 'Stain, two coats'])
      expect(mail.text_body).toContain(part);
    // And it is in the office Inbox.
    const inbox = await portal.db.selectFrom('office_inbox').selectAll().where('quote_id', '=', quote.id).orderBy('id').execute();
    expect(inbox.map((e) => e.kind)).toEqual(['revision_request', 'quote_approved']);
    expect(inbox[1]).toMatchObject({ email: 'ana@example.com', summary: 'Backyard deck', done_at: null });

    // Approved is final: neither a second approval nor a decline; the office cannot send a new version.
    expect(
      await errorOf(
        await approve(quote.id, {
          version: 2,
          signerName: 'Ana Ruiz',
          accepted: true,
          consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        }),
      ),
    ).toMatchObject({
      status: 409,
      message: CHANGED,
    });
    expect(await errorOf(await decline(quote.id, { version: 2 }))).toMatchObject({ status: 409, message: CHANGED });
    expect((await office(`/api/office/quotes/${quote.id}/versions`, {})).status).toBe(409);
  });
});

describe('decline, expiry, and quotes put in with SQL', () => {
  it('declines with an optional reason and e-mails the office', async () => {
    const quote = await sentQuote();
    const res = await decline(quote.id, { version: 1, reason: 'Over our budget.' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      status: 'Declined',
      decision: { decision: 'Declined', reason: 'Over our budget.', total: null, signerName: null },
    });
    expect((await view(quote.id)).status).toBe('Declined');
    const mail = (await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'quote-declined').execute()).at(-1)!;
    expect(mail.text_body).toContain('Reason: Over our budget.');
    const inbox = await portal.db.selectFrom('office_inbox').select(['kind', 'summary']).where('quote_id', '=', quote.id).execute();
    expect(inbox).toEqual([{ kind: 'quote_declined', summary: 'Over our budget.' }]);
    const other = await sentQuote();
    expect((await decline(other.id, { version: 1 })).status).toBe(201);
    expect(await (await decline(other.id, { version: 1, reason: 'x'.repeat(2001) })).status).toBe(400);
  });

  it('shows a Sent quote past its valid-until day as Expired, and refuses to approve it with the spec’s message', async () => {
    const { id } = await putSentQuoteWithSql(portal.db, 'ana@example.com', {
      lines: [{ description: 'Fence', quantity: '10', unitPrice: '30' }],
      validUntil: '2020-01-31',
    });
    const page = await view(id);
    expect(page).toMatchObject({ status: 'Expired', canDecide: false, version: { validUntil: '2020-01-31' } });
    for (const res of [
      await approve(id, {
        version: 1,
        signerName: 'Ana Ruiz',
        accepted: true,
        consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
      }),
      await decline(id, { version: 1 }),
    ]) {
      expect(await errorOf(res)).toMatchObject({ status: 409, code: 'quote_expired', message: EXPIRED });
    }
    // Asking for a revision is what the message suggests: it is taken.
    expect((await portal.request(`/api/quotes/${id}/revision-requests`, { cookie: ana, body: { message: 'Update please' } })).status).toBe(
      201,
    );
    expect((await view(id)).status).toBe('Revision Requested');
  });

  it('opens a quote put in with plain SQL: no version, no approve, as the portal spec shows it', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'Old-style quote', 1234.5, 'Sent') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    expect(await view(id)).toMatchObject({
      id,
      description: 'Old-style quote',
      total: '1234.50',
      status: 'Sent',
      version: null,
      whatChanged: null,
      canDecide: false,
    });
    expect(
      await errorOf(
        await approve(id, {
          version: 1,
          signerName: 'Ana',
          accepted: true,
          consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        }),
      ),
    ).toMatchObject({
      status: 409,
      message: CHANGED,
    });
    expect((await portal.db.selectFrom('quotes').select('viewed_at').where('id', '=', id).executeTakeFirstOrThrow()).viewed_at).toBeNull();
  });

  it("never shows the office's Draft in the customer's status history; a SQL quote's hand-written log shows whole", async () => {
    const written = await sentQuote();
    const statuses = (entries: { status: string }[]) => entries.map((e) => e.status);
    // The database logs changes only (migration 055); a 'Draft' row the office writes by hand is still hidden.
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${written.id}, 'Draft', '2026-01-05')`.execute(
      portal.db,
    );
    const logged = await portal.db
      .selectFrom('quote_status_log')
      .select('status')
      .where('quote_id', '=', written.id)
      .orderBy('id')
      .execute();
    expect(logged.map((r) => r.status)).toEqual(['Sent', 'Draft']);
    expect(statuses((await view(written.id)).history)).toEqual(['Sent']);
    const list = (await (await portal.request('/api/quotes', { cookie: ana })).json()) as {
      quotes: { id: number; history: { status: string }[] }[];
    };
    expect(statuses(list.quotes.find((q) => q.id === written.id)!.history)).toEqual(['Sent']);

    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'Quote from before the portal', 99, 'Sent') RETURNING id`.execute(portal.db);
    const old = Number(rows[0]!.id);
    await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES
      (${old}, 'Draft', '2026-01-10'), (${old}, 'Sent', '2026-01-12')`.execute(portal.db);
    expect(statuses((await view(old)).history)).toEqual(['Draft', 'Sent']);
    const again = (await (await portal.request('/api/quotes', { cookie: ana })).json()) as {
      quotes: { id: number; history: { status: string }[] }[];
    };
    expect(statuses(again.quotes.find((q) => q.id === old)!.history)).toEqual(['Draft', 'Sent']);
  });
});

describe('races: exactly one answer wins', () => {
  it('of 8 concurrent approvals of one quote, one is stored and the others get 409', async () => {
    const quote = await sentQuote();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        approve(quote.id, {
          version: 1,
          signerName: `Signer ${i}`,
          accepted: true,
          consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        }).then((r) => r.status),
      ),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(7);
    const stored = await portal.db.selectFrom('quote_approvals').select('id').where('quote_id', '=', quote.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('an approval racing the office sending a new version: one wins, the other is refused, never both', async () => {
    for (let round = 0; round < 4; round++) {
      const quote = await sentQuote();
      expect((await office(`/api/office/quotes/${quote.id}/versions`, {})).status).toBe(201);
      const [approval, send] = await Promise.all([
        approve(quote.id, {
          version: 1,
          signerName: 'Ana Ruiz',
          accepted: true,
          consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
        }),
        portal.request(`/api/office/quotes/${quote.id}/send`, { cookie: staff, body: {} }),
      ]);
      const after = officeQuoteSchema.parse((await office(`/api/office/quotes/${quote.id}`)).body);
      if (approval.status === 201) {
        expect(send.status).toBe(409);
        expect(after).toMatchObject({ status: 'Approved', currentVersion: 1, draftVersion: 2 });
      } else {
        expect(await errorOf(approval)).toMatchObject({ status: 409, message: CHANGED });
        expect(send.status).toBe(200);
        expect(after).toMatchObject({ status: 'Sent', currentVersion: 2, decisions: [] });
      }
    }
  });
});
