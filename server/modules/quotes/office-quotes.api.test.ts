import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeQuoteSchema, type OfficeQuote, type QuoteDraftInput } from '../../../contracts/office/quotes';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { contentHash } from './content-hash';
import { versionContent } from './versions-repository';

/** The office's quote editor API: create, save the draft, send, new version; audit and e-mail in the same transaction. */
let portal: TestPortal;
let staff: string;
let ana: string;
let anaId: number;
let luciaId: number;

const FUTURE = '2099-06-30';
const draft: QuoteDraftInput = {
  description: 'Backyard deck',
  lines: [
    { description: 'Pressure-treated boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Railing', quantity: '1', unitPrice: '400' },
    { description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
  ],
  taxRate: '8.25',
  validUntil: FUTURE,
  terms: 'Half up front, half on completion.',
};

async function call(path: string, body?: unknown, cookie = staff) {
  const res = await portal.request(path, { cookie, body });
  return { status: res.status, body: (await res.json()) as OfficeQuote & { error?: { code: string; message: string } } };
}
const ok = async (path: string, body?: unknown, status = 200) => {
  const res = await call(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return officeQuoteSchema.parse(res.body);
};
const auditRows = (quoteId: number) =>
  portal.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'quote')
    .where('entity_id', '=', String(quoteId))
    .orderBy('id')
    .execute();
const outbox = (kind: string) => portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).orderBy('id').execute();

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' });
  await portal.signUp('lucia@example.com', { name: 'Lucía Gómez' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'lucia@example.com'`.execute(portal.db);
  const ids = await portal.db.selectFrom('customers').select(['id', 'email']).execute();
  anaId = Number(ids.find((c) => c.email === 'ana@example.com')!.id);
  luciaId = Number(ids.find((c) => c.email === 'lucia@example.com')!.id);
});
afterAll(() => portal?.close());

describe('office quote editor', () => {
  let quote: OfficeQuote;

  it("'New quote' creates a Draft for the customer with draft version 1, figured exactly, never shown to the customer", async () => {
    quote = await ok('/api/office/quotes', { customerId: anaId, ...draft }, 201);
    expect(quote).toMatchObject({
      status: 'Draft',
      description: 'Backyard deck',
      customer: { id: anaId, name: 'Ana Ruiz', email: 'ana@example.com' },
      currentVersion: null,
      draftVersion: 1,
      total: '703.63',
    });
    const v1 = quote.versions[0]!;
    expect(v1).toMatchObject({
      version: 1,
      subtotal: '650.00',
      taxRate: '8.250',
      tax: '53.63',
      total: '703.63',
      validUntil: FUTURE,
      sentAt: null,
    });
    expect(v1.createdBy).toBe('sam@company.example');
    expect(v1.lines.map((l) => [l.position, l.quantity, l.unitPrice, l.lineTotal, l.optional])).toEqual([
      [1, '20.00', '12.50', '250.00', false],
      [2, '1.00', '400.00', '400.00', false],
      [3, '2.50', '35.01', '87.53', true], // 87.525 rounds half up
    ]);
    const list = (await (await portal.request('/api/quotes', { cookie: ana })).json()) as { quotes: { id: number }[] };
    expect(list.quotes.map((q) => q.id)).not.toContain(quote.id);
    expect((await portal.request(`/api/quotes/${quote.id}`, { cookie: ana })).status).toBe(404);
    expect(quote.timeline).toEqual([]);
    const [created] = await auditRows(quote.id);
    expect(created).toMatchObject({ actor_email: 'sam@company.example', action: 'create-quote', before: null });
    expect(created!.after).toMatchObject({ status: 'Draft', version: 1, total: '703.63', customerId: anaId });
  });

  it("'Save draft' replaces the draft's lines and figures, keeping keys sent back, and is audited before/after", async () => {
    const keep = quote.versions[0]!.lines[0]!.key;
    quote = await ok(`/api/office/quotes/${quote.id}/draft`, {
      ...draft,
      lines: [{ ...draft.lines![0]!, key: keep, quantity: '24' }, draft.lines![2]!],
      taxRate: '0',
    });
    const v1 = quote.versions[0]!;
    expect(v1.lines.map((l) => l.description)).toEqual(['Pressure-treated boards', 'Stain, two coats']);
    expect(v1.lines[0]!.key).toBe(keep);
    expect([v1.subtotal, v1.tax, v1.total, quote.total]).toEqual(['300.00', '0.00', '300.00', '300.00']);
    const saved = (await auditRows(quote.id)).at(-1)!;
    expect(saved.action).toBe('save-quote-draft');
    expect(saved.before).toMatchObject({ total: '703.63', taxRate: '8.250' });
    expect(saved.after).toMatchObject({ total: '300.00', taxRate: '0' });
    // Back to the full deck for the rest.
    quote = await ok(`/api/office/quotes/${quote.id}/draft`, draft);
  });

  it("'Send to customer' freezes version 1, makes it current, sets Sent and the total, e-mails the customer a link", async () => {
    quote = await ok(`/api/office/quotes/${quote.id}/send`, {});
    expect(quote).toMatchObject({
      status: 'Sent',
      currentVersion: 1,
      draftVersion: null,
      total: '703.63',
      validUntil: FUTURE,
      viewedAt: null,
    });
    const v1 = quote.versions[0]!;
    expect(v1.sentAt).not.toBeNull();
    expect(v1.contentHash).toBe(contentHash(versionContent(quote.id, v1)));
    // Putting the quote in is not a change of status: its timeline starts when it is sent (migration 055).
    expect(quote.timeline.map((t) => t.status)).toEqual(['Sent']);
    const [mail] = (await outbox('quote-sent')).filter((m) => m.text_body.includes(`/quotes/${quote.id}`));
    expect(mail).toMatchObject({ to_address: 'ana@example.com', subject: `Your quote #${quote.id} from Northwind Builders (demo)` });
    expect(mail!.text_body).toContain(`http://localhost:3000/quotes/${quote.id}`);
    expect(mail!.text_body).toContain('Total: $703.63');
    expect(mail!.text_body).toContain('Valid until: June 30, 2099');
    expect((await auditRows(quote.id)).at(-1)).toMatchObject({
      action: 'send-quote',
      before: { status: 'Draft' },
      after: { status: 'Sent', currentVersion: 1 },
    });
    // The customer sees it now, with the version's total.
    const list = (await (await portal.request('/api/quotes', { cookie: ana })).json()) as {
      quotes: { id: number; total: string; status: string }[];
    };
    expect(list.quotes.find((q) => q.id === quote.id)).toMatchObject({ total: '703.63', status: 'Sent' });
    // Nothing left to send or save.
    expect(await call(`/api/office/quotes/${quote.id}/send`, {})).toMatchObject({ status: 409, body: { error: { code: 'no_draft' } } });
    expect(await call(`/api/office/quotes/${quote.id}/draft`, draft)).toMatchObject({ status: 409, body: { error: { code: 'no_draft' } } });
  });

  it("'New version' copies the current version with its line keys; sending it makes it current and e-mails 'new version'", async () => {
    const v1 = quote.versions[0]!;
    quote = await ok(`/api/office/quotes/${quote.id}/versions`, {}, 201);
    expect(quote.draftVersion).toBe(2);
    const v2 = quote.versions[1]!;
    expect(v2.lines.map((l) => [l.key, l.description, l.lineTotal])).toEqual(v1.lines.map((l) => [l.key, l.description, l.lineTotal]));
    expect(v2.lines.map((l) => l.id)).not.toEqual(v1.lines.map((l) => l.id));
    expect(await call(`/api/office/quotes/${quote.id}/versions`, {})).toMatchObject({
      status: 409,
      body: { error: { code: 'draft_exists' } },
    });
    // The customer still sees version 1 and its total while version 2 is written.
    quote = await ok(`/api/office/quotes/${quote.id}/draft`, {
      ...draft,
      lines: [
        { key: v2.lines[0]!.key, description: 'Pressure-treated boards', quantity: '20', unitPrice: '11.00' },
        { key: v2.lines[2]!.key, description: 'Stain, two coats', quantity: '2.5', unitPrice: '35.01', optional: true },
        { description: 'Stairs', quantity: '1', unitPrice: '300' },
      ],
    });
    expect(quote).toMatchObject({ total: '703.63', currentVersion: 1, draftVersion: 2 });
    quote = await ok(`/api/office/quotes/${quote.id}/send`, {});
    expect(quote).toMatchObject({ status: 'Sent', currentVersion: 2, total: '562.90' }); // 220 + 300 + 8.25 % of 520
    expect(quote.versions[0]!.contentHash).not.toBe(quote.versions[1]!.contentHash);
    const [mail] = (await outbox('quote-new-version')).filter((m) => m.text_body.includes(`/quotes/${quote.id}`));
    expect(mail!.subject).toBe(`Quote #${quote.id} has a new version (version 2)`);
    expect(mail!.text_body).toContain('Total: $562.90');
    expect((await auditRows(quote.id)).map((r) => r.action)).toEqual([
      'create-quote',
      'save-quote-draft',
      'save-quote-draft',
      'send-quote',
      'new-quote-version',
      'save-quote-draft',
      'send-quote',
    ]);
  });

  it("shows the customer's revision requests with their messages, oldest first", async () => {
    await sql`INSERT INTO quote_requests (quote_id, email, message, requested_at)
      VALUES (${quote.id}, 'ana@example.com', 'Cheaper boards, please', '2026-01-02T10:00:00Z'),
             (${quote.id}, 'ana@example.com', 'And no stairs', '2026-01-03T10:00:00Z')`.execute(portal.db);
    const answer = await ok(`/api/office/quotes/${quote.id}`);
    expect(answer.revisionRequests.map((r) => [r.email, r.message, r.requestedAt])).toEqual([
      ['ana@example.com', 'Cheaper boards, please', '2026-01-02T10:00:00.000Z'],
      ['ana@example.com', 'And no stairs', '2026-01-03T10:00:00.000Z'],
    ]);
  });

  it('refuses to touch an approved quote (409), and answers 404 for an unknown one', async () => {
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${quote.id}`.execute(portal.db);
    expect(await call(`/api/office/quotes/${quote.id}/versions`, {})).toMatchObject({
      status: 409,
      body: { error: { code: 'quote_approved', message: 'This quote is approved and can no longer change.' } },
    });
    expect((await ok(`/api/office/quotes/${quote.id}`)).workOrderId).toBeNull();
    const order = await call(`/api/office/quotes/${quote.id}/work-order`, {});
    expect(order.status).toBe(201);
    expect((await ok(`/api/office/quotes/${quote.id}`)).workOrderId).toBe(order.body.id);
    for (const path of ['/api/office/quotes/999999', '/api/office/quotes/999999/versions', '/api/office/quotes/999999/send']) {
      expect((await call(path, path.endsWith('999999') ? undefined : {})).status).toBe(404);
    }
  });
});

describe('office quote editor: what it refuses', () => {
  it('answers 400 for malformed lines, figures too large for numeric(12,2), duplicate keys, or an unknown customer (404)', async () => {
    const bad: unknown[] = [
      { lines: [{ description: 'x', quantity: '1.234', unitPrice: '1' }] },
      { lines: [{ description: 'x', quantity: '0', unitPrice: '1' }] },
      { lines: [{ description: 'x', quantity: '1', unitPrice: '-5' }] },
      { lines: [{ description: 'x', quantity: '1', unitPrice: '1.005' }] },
      { lines: [{ description: ' ', quantity: '1', unitPrice: '1' }] },
      { lines: [{ description: 'x', quantity: 1, unitPrice: 1 }] },
      { taxRate: '100.001' },
      { taxRate: '8.2501' },
      { validUntil: '30/06/2099' },
      { lines: [{ description: 'x', quantity: '1000000', unitPrice: '9999999999.99' }] },
      {
        lines: [
          { key: '3f1c1d2e-0a4b-4c5d-8e6f-7a8b9c0d1e2f', description: 'x', quantity: '1', unitPrice: '1' },
          { key: '3f1c1d2e-0a4b-4c5d-8e6f-7a8b9c0d1e2f', description: 'y', quantity: '1', unitPrice: '1' },
        ],
      },
    ];
    for (const body of bad) {
      const res = await call('/api/office/quotes', { customerId: anaId, ...(body as object) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error!.code).toBe('invalid_request');
    }
    expect((await call('/api/office/quotes', { customerId: 999999 })).status).toBe(404);
  });

  it('sends only a quote with lines and a valid-until date that is not past', async () => {
    const empty = await ok('/api/office/quotes', { customerId: anaId, validUntil: FUTURE }, 201);
    expect(await call(`/api/office/quotes/${empty.id}/send`, {})).toMatchObject({ status: 409, body: { error: { code: 'empty_quote' } } });
    const undated = await ok('/api/office/quotes', { customerId: anaId, lines: draft.lines }, 201);
    expect(await call(`/api/office/quotes/${undated.id}/send`, {})).toMatchObject({
      status: 409,
      body: { error: { code: 'valid_until_needed' } },
    });
    const past = await ok('/api/office/quotes', { customerId: anaId, lines: draft.lines, validUntil: '2020-01-01' }, 201);
    expect(await call(`/api/office/quotes/${past.id}/send`, {})).toMatchObject({
      status: 409,
      body: { error: { code: 'valid_until_needed' } },
    });
  });
});

describe('office quote editor: languages and quotes put in with SQL', () => {
  it('e-mails a Spanish customer in Spanish', async () => {
    const q = await ok('/api/office/quotes', { customerId: luciaId, ...draft }, 201);
    await ok(`/api/office/quotes/${q.id}/send`, {});
    const [mail] = (await outbox('quote-sent')).filter((m) => m.to_address === 'lucia@example.com');
    expect(mail!.subject).toBe(`Su cotización #${q.id} de Northwind Builders (demo)`);
    expect(mail!.text_body).toContain('Válida hasta: 30 de junio de 2099');
    expect(mail!.text_body).toContain(`http://localhost:3000/quotes/${q.id}`);
  });

  it("sends update e-mails only with 'E-mail me about updates' on, each with the one-click opt-out", async () => {
    const on = await ok('/api/office/quotes', { customerId: anaId, ...draft }, 201);
    await ok(`/api/office/quotes/${on.id}/send`, {});
    const [mail] = (await outbox('quote-sent')).filter((m) => m.text_body.includes(`/quotes/${on.id}`));
    expect(mail!.text_body).toMatch(
      /To stop them, open this link and press 'Turn off update e-mails': http:\/\/localhost:3000\/api\/email-updates\/opt-out\?token=\S+/,
    );
    expect(mail!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    await sql`UPDATE customers SET email_updates = false WHERE id = ${luciaId}`.execute(portal.db);
    const off = await ok('/api/office/quotes', { customerId: luciaId, ...draft }, 201);
    expect((await ok(`/api/office/quotes/${off.id}/send`, {})).status).toBe('Sent');
    expect((await outbox('quote-sent')).filter((m) => m.text_body.includes(`/quotes/${off.id}`))).toEqual([]);
    await sql`UPDATE customers SET email_updates = true WHERE id = ${luciaId}`.execute(portal.db);
  });

  it('opens a quote put in with SQL (no versions), and turns it into a written one with a first version', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'Gutters', 410.00, 'Revision Requested') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    const before = await ok(`/api/office/quotes/${id}`);
    expect(before).toMatchObject({ status: 'Revision Requested', total: '410.00', currentVersion: null, versions: [], decisions: [] });
    const started = await ok(`/api/office/quotes/${id}/versions`, {}, 201);
    expect(started.versions).toMatchObject([{ version: 1, description: 'Gutters', lines: [] }]);
    await ok(`/api/office/quotes/${id}/draft`, { ...draft, description: 'Gutters' });
    const sent = await ok(`/api/office/quotes/${id}/send`, {});
    expect(sent).toMatchObject({ status: 'Sent', currentVersion: 1, total: '703.63' });
    expect(before.timeline).toEqual([]);
    expect(sent.timeline.map((t) => t.status)).toEqual(['Sent']);
  });
});
