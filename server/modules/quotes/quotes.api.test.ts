import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteListSchema, type QuoteList } from '../../../contracts/customer/quotes';
import { BAD_ID_MESSAGE } from '../../../contracts/fields';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { listForCustomer } from './repository';

let portal: TestPortal;
let ana: string;
let ben: string;

/** Puts a quote in with plain SQL, as the office would; returns its id. */
async function insertQuote(email: string, values: { description?: string; created_at: string; total: string; status: string }) {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO quotes (email, description, created_at, total, status)
    VALUES (${email}, ${values.description ?? 'Roof repair'}, ${values.created_at}, ${values.total}, ${values.status})
    RETURNING id`.execute(portal.db);
  return Number(rows[0]!.id);
}

/** Changes a quote's status with plain SQL (the database logs it), then dates that log row for the test. */
async function changeStatus(quoteId: number, status: string, timestamp: string) {
  await sql`UPDATE quotes SET status = ${status} WHERE id = ${quoteId}`.execute(portal.db);
  await sql`UPDATE quote_status_log SET "timestamp" = ${timestamp}
    WHERE id = (SELECT max(id) FROM quote_status_log WHERE quote_id = ${quoteId})`.execute(portal.db);
}

const countRows = async (table: 'quote_requests' | 'mail_outbox', column: 'quote_id' | 'kind', value: number | string) => {
  const row = await portal.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

let anaOld: number;
let anaNew: number;
let benQuote: number;

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com', { name: 'Ana Torres' });
  ben = await portal.signUp('ben@example.com', { name: 'Ben Ortiz' });
  // Stored in another letter case: still Ana's.
  anaOld = await insertQuote('ANA@Example.com', {
    description: 'Kitchen remodel',
    created_at: '2026-01-05T10:00:00Z',
    total: '1234.5',
    status: 'Pending',
  });
  anaNew = await insertQuote('ana@example.com', {
    description: 'New deck',
    created_at: '2026-03-01T09:00:00Z',
    total: '980.00',
    status: 'Sent',
  });
  benQuote = await insertQuote('ben@example.com', {
    description: 'Ben private quote',
    created_at: '2026-04-01T09:00:00Z',
    total: '50.00',
    status: 'Pending',
  });
  // The office writes the history of a quote it puts in by hand (the database logs only changes).
  await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES
    (${anaOld}, 'Pending', '2026-01-05T10:00:00Z'), (${anaNew}, 'Sent', '2026-03-01T09:00:00Z')`.execute(portal.db);
  await changeStatus(anaNew, 'Approved', '2026-03-03T12:00:00Z');
  // Back-filled by hand after the others: the answer orders by timestamp, not by insertion.
  await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${anaNew}, 'Draft', '2026-02-27T08:00:00Z')`.execute(
    portal.db,
  );
});
afterAll(() => portal?.close());

describe('GET /api/quotes', () => {
  it("lists only the customer's quotes, newest created first, each with its history oldest first", async () => {
    const res = await portal.request('/api/quotes', { cookie: ana });
    expect(res.status).toBe(200);
    const body = quoteListSchema.parse(await res.json());
    expect(body.quotes.map((q) => q.id)).toEqual([anaNew, anaOld]);
    expect(body.quotes[0]).toEqual({
      id: anaNew,
      description: 'New deck',
      created_at: '2026-03-01T09:00:00.000Z',
      total: '980.00',
      // Put in with plain SQL by e-mail: no property (contract-spec §5).
      address: null,
      status: 'Approved',
      history: [
        { status: 'Draft', timestamp: '2026-02-27T08:00:00.000Z' },
        { status: 'Sent', timestamp: '2026-03-01T09:00:00.000Z' },
        { status: 'Approved', timestamp: '2026-03-03T12:00:00.000Z' },
      ],
    });
    expect(body.quotes[1]).toMatchObject({
      id: anaOld,
      total: '1234.50',
      history: [{ status: 'Pending', timestamp: '2026-01-05T10:00:00.000Z' }],
    });
  });

  it('never shows another customer their neighbour’s quotes', async () => {
    const body = (await (await portal.request('/api/quotes', { cookie: ben })).json()) as QuoteList;
    expect(body.quotes.map((q) => q.id)).toEqual([benQuote]);
  });

  it('answers byte for byte what a per-row mapping in JavaScript gave (dates cut to milliseconds, no description as "")', async () => {
    // An apostrophe is valid in an address and travels inside the statement as a quoted literal.
    const email = "o'neil@example.com";
    const cookie = await portal.signUp(email);
    const odd = await insertQuote(email, {
      description: 'Line 1\n"quoted" \\ back\tslash, ünïcødé, emoji 🏠, \u2028 and \u0001',
      created_at: '2026-05-01T10:00:00.123999Z',
      total: '0.5',
      status: 'Sent',
    });
    await sql`UPDATE quotes SET description = NULL WHERE id = ${await insertQuote(email, { created_at: '2026-05-02T23:59:59.999999+02:00', total: '9999999999.99', status: 'Pending' })}`.execute(
      portal.db,
    );
    await changeStatus(odd, 'Approved', '2026-05-03T00:00:00.000001Z');

    // The answer as the route wrote it before: Dates from pg, log timestamps from json_agg, mapped per row.
    const rows = await portal.db
      .selectFrom('quotes')
      .select(['id', 'description', 'created_at', 'total', 'status'])
      .select(
        sql<
          { status: string; timestamp: string }[]
        >`coalesce((select json_agg(json_build_object('status', log.status, 'timestamp', log."timestamp") order by log."timestamp", log.id)
          from quote_status_log log where log.quote_id = quotes.id), '[]'::json)`.as('history'),
      )
      .where('email', '=', email)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const expected = JSON.stringify({
      quotes: rows.map((row) => ({
        id: Number(row.id),
        description: row.description ?? '',
        created_at: new Date(row.created_at).toISOString(),
        total: typeof row.total === 'number' ? (row.total as number).toFixed(2) : row.total,
        address: null,
        status: row.status,
        history: row.history.map((h) => ({ status: h.status, timestamp: new Date(h.timestamp).toISOString() })),
      })),
    });
    expect(expected).toContain('"created_at":"2026-05-01T10:00:00.123Z"');
    expect(expected).toContain('"timestamp":"2026-05-03T00:00:00.000Z"');
    expect(expected).toContain('"description":"","created_at":"2026-05-02T21:59:59.999Z","total":"9999999999.99"');

    const res = await portal.request('/api/quotes', { cookie });
    expect(await res.text()).toBe(expected);
  });

  it('answers {"quotes":[]} to a customer with no quotes, and "history":[] for a quote with no log', async () => {
    const cookie = await portal.signUp('none-yet@example.com');
    const empty = await portal.request('/api/quotes', { cookie });
    expect(empty.headers.get('content-type')).toBe('application/json');
    expect(await empty.text()).toBe('{"quotes":[]}');
    await insertQuote('none-yet@example.com', { created_at: '2026-05-01T10:00:00Z', total: '12.00', status: 'Sent' });
    expect(await (await portal.request('/api/quotes', { cookie })).text()).toMatch(
      /^\{"quotes":\[\{"id":\d+,.*"status":"Sent","history":\[\]\}\]\}$/,
    );
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await portal.request('/api/quotes');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthenticated', message: 'You must be logged in.' } });
  });

  it('reads 20 quotes with their history in one query (no query per quote)', async () => {
    const email = 'many@example.com';
    for (let i = 0; i < 20; i++) {
      const day = `2026-02-${String(i + 1).padStart(2, '0')}T08:00:00Z`;
      const id = await insertQuote(email, { created_at: day, total: `${i}.25`, status: 'Pending' });
      await sql`INSERT INTO quote_status_log (quote_id, status, "timestamp") VALUES (${id}, 'Pending', ${day})`.execute(portal.db);
    }
    let queries = 0;
    const counter: KyselyPlugin = {
      transformQuery: (args) => {
        queries++;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const quotes = await listForCustomer(portal.db.withPlugin(counter), 'MANY@example.com', 'America/Chicago');
    expect(quotes).toHaveLength(20);
    expect(quotes.every((q) => q.history.length === 1)).toBe(true);
    expect(quotes[0]!.total).toBe('19.25');
    expect(queries).toBe(1);
  });
});

describe('POST /api/quotes/:id/revision-requests', () => {
  it('stores the request and queues an e-mail to the office that replies to the customer', async () => {
    const res = await portal.request(`/api/quotes/${anaOld}/revision-requests`, {
      cookie: ana,
      body: { message: '  Please add a second sink.  ' },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: number; quoteId: number; requestedAt: string };
    expect(created.quoteId).toBe(anaOld);
    expect(Date.now() - Date.parse(created.requestedAt)).toBeLessThan(60_000);

    const stored = await portal.db.selectFrom('quote_requests').selectAll().where('quote_id', '=', anaOld).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'ana@example.com', message: 'Please add a second sink.' });
    expect(stored[0]!.requested_at).toBeInstanceOf(Date);

    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'quote-revision-request')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('office@northwind-builders.example');
    expect(mail.to_address).toBe(portal.config.company.email);
    expect(mail.reply_to).toBe('ana@example.com');
    expect(mail.subject).toContain(`Quote #${anaOld}`);
    for (const part of [`Quote #${anaOld}`, 'Ana Torres', 'ana@example.com', 'Please add a second sink.']) {
      expect(mail.text_body).toContain(part);
    }

    // The route nudged the worker: the message is delivered without waiting for the poll.
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.some((m) => m.id === mail.id)).toBe(true);
  });

  it("answers 404 for another customer's quote, exactly as for an unknown one, and stores nothing", async () => {
    const foreign = await portal.request(`/api/quotes/${benQuote}/revision-requests`, { cookie: ana, body: { message: 'Let me in' } });
    const unknown = await portal.request('/api/quotes/999999/revision-requests', { cookie: ana, body: { message: 'Let me in' } });
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    // The same code and message (each answer has its own requestId).
    const [a, b] = await Promise.all([foreign.json(), unknown.json()]);
    expect({ ...a.error, requestId: undefined }).toEqual({ ...b.error, requestId: undefined });
    expect(await countRows('quote_requests', 'quote_id', benQuote)).toBe(0);
    const outbox = await portal.db.selectFrom('mail_outbox').select('text_body').where('kind', '=', 'quote-revision-request').execute();
    expect(outbox.some((m) => m.text_body.includes('Let me in'))).toBe(false);
  });

  it('answers a malformed id with 400 and the one bad-id message of every resource, and stores nothing', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await portal.request(`/api/quotes/${id}/revision-requests`, { cookie: ana, body: { message: 'Let me in' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_request', message: BAD_ID_MESSAGE } });
    }
  });

  it('answers 400 with a clear message for a blank, missing or too long message', async () => {
    for (const body of [{ message: '   ' }, {}, { message: 'x'.repeat(2001) }]) {
      const res = await portal.request(`/api/quotes/${anaNew}/revision-requests`, { cookie: ana, body });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/describe the changes|at most 2000/);
    }
    expect(await countRows('quote_requests', 'quote_id', anaNew)).toBe(0);
  });

  it('answers 401 when nobody is signed in', async () => {
    const res = await portal.request(`/api/quotes/${anaOld}/revision-requests`, { body: { message: 'Hello' } });
    expect(res.status).toBe(401);
  });
});
