import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Property } from '../../../contracts/customer/properties';
import { testDatabaseKind } from '../../../tests/support/database';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { HOURLY_LIMITS } from '../../platform/db/hourly-limit';
import { queueMailsForRowStatement } from '../../platform/mail/outbox';
import { insertCheckedWithMails } from './repository';

/**
 * A work request that names its property (the Submit Request screen's usual one): on PostgreSQL the
 * order, its checks and its two e-mails go to the database as ONE message (decision 296); on both
 * databases the e-mails carry the order's number and the property's address, and a refused request
 * keeps nothing and says why.
 */
let portal: TestPortal;
let ana: string;
let rental: Property;
const onPostgres = testDatabaseKind() === 'postgres';

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz', address: '7 Birch Lane' });
  const added = await portal.request('/api/properties', { cookie: ana, body: { label: 'Rental', address: '40 Elm Court, Unit 2' } });
  expect(added.status).toBe(201);
  rental = (await added.json()) as Property;
});
afterAll(() => portal?.close());
afterEach(() => vi.restoreAllMocks());

const submit = (cookie: string, body: Record<string, unknown>) => portal.request('/api/work-orders', { cookie, body });
/** The e-mails about order `id` (its number, not one that only starts with it), by kind. */
const outboxFor = async (id: number) =>
  (
    await portal.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'subject', 'text_body'])
      .where('text_body', 'like', `%#${id}%`)
      .orderBy('kind')
      .execute()
  ).filter((m) => new RegExp(`#${id}(?!\\d)`).test(m.text_body));
const count = async (table: 'work_orders' | 'mail_outbox') =>
  Number(
    (
      await portal.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a work request naming its property', () => {
  it('stores the order with the property’s address and queues both e-mails with its number and that address', async () => {
    const res = await submit(ana, { propertyId: rental.id, address: 'typed by the browser', description: 'The tap drips.' });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: number; address: string; propertyId: number; status: string };
    expect(order).toMatchObject({ address: '40 Elm Court, Unit 2', propertyId: rental.id, status: 'Pending' });
    const mails = await outboxFor(order.id);
    expect(mails.map((m) => [m.kind, m.to_address, m.subject])).toEqual([
      ['office-work-request', portal.config.company.email, `New work request #${order.id} from Ana Ruiz`],
      ['work-request-copy', 'ana@example.com', `We received your request #${order.id}`],
    ]);
    const [office, copy] = mails.map((m) => m.text_body);
    expect(office).toContain(`Work Order #${order.id}\n`);
    expect(office).toContain('Service address: 40 Elm Court, Unit 2\n');
    expect(office).toContain(`/office/work-orders/${order.id}\n`);
    expect(copy).toContain(`received your request #${order.id}.\nAddress: 40 Elm Court, Unit 2\n`);
    expect(copy).toContain(`/work-orders/${order.id}`);
    expect(mails.map((m) => m.subject + m.text_body).join()).not.toMatch(/orderaddress|9\d{14}/);
  });

  it('keeps what a Spanish customer typed as typed, quotes and backslashes included, and answers as the order’s page reads it', async () => {
    const eli = await portal.signUp('eli@example.com', { name: "Elí O'Neil", address: '1 Main St' });
    await sql`UPDATE "user" SET locale = 'es' WHERE email = 'eli@example.com'`.execute(portal.db);
    const added = await portal.request('/api/properties', { cookie: eli, body: { label: 'Bodega', address: "O'Hare Rd \\ Unit 2" } });
    expect(added.status).toBe(201);
    const property = (await added.json()) as Property;
    const description = "It's the 'back' door -- */ $1 \\n E'x' ; DROP TABLE work_orders; ¿Mañana?";
    const res = await submit(eli, { propertyId: property.id, address: 'x', description });
    expect(res.status).toBe(201);
    const order = (await res.json()) as { id: number };
    expect(order).toMatchObject({ description, address: "O'Hare Rd \\ Unit 2" });
    const page = (await (await portal.request(`/api/work-orders/${order.id}`, { cookie: eli })).json()) as { workOrder: unknown };
    expect(page.workOrder).toEqual(order);
    const [office, copy] = await outboxFor(order.id);
    expect(office!.text_body).toContain(`Service address: O'Hare Rd \\ Unit 2\n\nDescription:\n${description}\n`);
    expect(copy!.subject).toBe(`Recibimos su solicitud #${order.id}`);
    expect(copy!.text_body).toContain(`recibió su solicitud #${order.id}.\nDirección: O'Hare Rd \\ Unit 2\nDescripción: ${description}\n`);
  });

  it.runIf(onPostgres)('goes to PostgreSQL as one message: the scope, the limit’s lock, the order and its e-mails', async () => {
    // The session checked once before, as the pages a customer opens before they send a request do.
    expect((await portal.request('/api/work-orders', { cookie: ana })).status).toBe(200);
    const sent: { connection: pg.Connection; text: string }[] = [];
    const send = pg.Connection.prototype.query;
    vi.spyOn(pg.Connection.prototype, 'query').mockImplementation(function (this: pg.Connection, text: string) {
      sent.push({ connection: this, text });
      return send.call(this, text);
    });
    const writes = () => sent.filter(({ text }) => /work_order|mail_outbox/.test(text));
    const res = await submit(ana, { propertyId: rental.id, address: 'x', description: 'One message.' });
    expect(res.status).toBe(201);
    // The statement is prepared once per connection (decision 298): before the message on a connection
    // that does not have it yet, never again on it.
    const [message, ...before] = writes().reverse();
    expect(before.map(({ text }) => text)).toEqual(
      before.map(() => expect.stringMatching(/^PREPARE portal_write_[0-9a-f]{16} AS WITH created/)),
    );
    expect(message!.text).toMatch(
      /set_config\('role', 'portal_customer', true\).*pg_advisory_xact_lock.*set_config\('plan_cache_mode', 'force_generic_plan', true\);\nEXECUTE portal_write_[0-9a-f]{16}\('ana@example\.com', 'x', 'One message\.', \d+, true, \d+, 'office-work-request'/s,
    );
    expect(message!.text).not.toMatch(/^\s*begin/im);
    const name = /EXECUTE (portal_write_[0-9a-f]{16})/.exec(message!.text)![1]!;
    // More requests: each one message, the same statement; no connection prepares it twice.
    for (const description of ['Again.', 'And again.']) {
      expect((await submit(ana, { propertyId: rental.id, address: 'x', description })).status).toBe(201);
    }
    const messages = writes().filter(({ text }) => !text.startsWith('PREPARE'));
    expect(messages.map(({ text }) => text)).toEqual([message!.text, ...[1, 2].map(() => expect.stringContaining(`EXECUTE ${name}(`))]);
    const preparing = writes().filter(({ text }) => text.startsWith('PREPARE'));
    expect(new Set(preparing.map(({ connection }) => connection)).size).toBe(preparing.length);
  });

  it('the prepared statement holds the order’s checked INSERT and its e-mails, its values only as arguments', () => {
    const mails = [{ kind: 'k', to: 'ana@example.com', subject: 'S #7', text: "It's #7" }];
    const call = insertCheckedWithMails(
      portal.db,
      'ana@example.com',
      { propertyId: rental.id, address: 'Elm', description: 'First.' },
      { max: 30, propertyOwned: true },
      (source, first) => queueMailsForRowStatement(mails, source, { '7': `${source}.id::text` }, first),
    )!;
    expect(call.prepared.name).toMatch(/^portal_write_[0-9a-f]{16}$/);
    expect(call.prepared.sql).toMatch(
      /^WITH created AS MATERIALIZED \(.*insert_work_order_checked\(\$1, \$2, \$3, \$4::bigint, \$5, \$6::bigint\).*\), queued AS \(INSERT INTO mail_outbox .* FROM created CROSS JOIN \(VALUES \(\$7, \$8, \$9, \$10, \$11, \$12, \$13, \$14, \$15\)\)/s,
    );
    expect(call.prepared.sql).not.toMatch(/ana@example|First|Elm|S #7|It/);
    expect(call.arguments).toEqual([
      "'ana@example.com'",
      "'Elm'",
      "'First.'",
      String(rental.id),
      'true',
      '30',
      "'k'",
      "'ana@example.com'",
      'NULL',
      "'S #7'",
      "'It''s #7'",
      'NULL',
      'NULL',
      'NULL',
      expect.stringMatching(/^'\d{4}-\d\d-\d\dT/),
    ]);
    // The same statement for another request: one name, prepared once per connection.
    const other = insertCheckedWithMails(
      portal.db,
      'ben@example.com',
      { propertyId: 9, address: 'Oak', description: 'Second.' },
      { max: 30, propertyOwned: true },
      (source, first) => queueMailsForRowStatement(mails, source, { '7': `${source}.id::text` }, first),
    )!;
    expect(other.prepared).toBe(call.prepared);
  });

  it('over the hourly limit: refused with the message, nothing stored and no e-mail', async () => {
    const bea = await portal.signUp('bea@example.com', { name: 'Bea Cruz', address: '3 Oak Way' });
    const [home] = (await (await portal.request('/api/properties', { cookie: bea })).json()).properties as Property[];
    await sql`INSERT INTO work_orders (email, description, address)
      SELECT 'bea@example.com', 'earlier', '3 Oak Way' FROM generate_series(1, ${HOURLY_LIMITS.workOrders})`.execute(portal.db);
    const [orders, mails] = [await count('work_orders'), await count('mail_outbox')];
    const refused = await submit(bea, { propertyId: home!.id, address: '3 Oak Way', description: 'One too many' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe('You have sent many requests in the last hour. Please try again later.');
    expect([await count('work_orders'), await count('mail_outbox')]).toEqual([orders, mails]);
  });

  it('another customer’s property: 404, nothing stored and no e-mail', async () => {
    const cal = await portal.signUp('cal@example.com', { name: 'Cal Diaz', address: '5 Ash Street' });
    const [orders, mails] = [await count('work_orders'), await count('mail_outbox')];
    const refused = await submit(cal, { propertyId: rental.id, address: 'x', description: 'Not my rental' });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe('property_not_found');
    expect([await count('work_orders'), await count('mail_outbox')]).toEqual([orders, mails]);
  });

  it('sent many at once at the limit’s edge: exactly as many are accepted as the limit leaves', async () => {
    const dee = await portal.signUp('dee@example.com', { name: 'Dee Park', address: '8 Elm Row' });
    const [home] = (await (await portal.request('/api/properties', { cookie: dee })).json()).properties as Property[];
    await sql`INSERT INTO work_orders (email, description, address)
      SELECT 'dee@example.com', 'earlier', '8 Elm Row' FROM generate_series(1, ${HOURLY_LIMITS.workOrders - 2})`.execute(portal.db);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => submit(dee, { propertyId: home!.id, address: '8 Elm Row', description: `At once ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    const accepted = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM work_orders WHERE email = 'dee@example.com' AND description LIKE 'At once%'`.execute(portal.db);
    expect(Number(accepted.rows[0]!.n)).toBe(2);
  });
});
