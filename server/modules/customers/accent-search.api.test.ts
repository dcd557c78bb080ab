import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerPage } from '../../../contracts/office/customers';
import { officeQuotePageSchema } from '../../../contracts/office/quotes';
import { officeWorkOrderPageSchema } from '../../../contracts/office/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * Every office search box (customers, the quote editor's customer picker, which asks the same
 * endpoint, quotes, work orders) finds people however accents and letter case are typed, and by
 * their street: 'jose nunez' finds 'José Núñez' (migration 080).
 */
let portal: TestPortal;
let staff: string;

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'clerk@company.example', 'staff')).cookie;
  await sql`INSERT INTO customers (name, email, phone, address, account_number) VALUES
    ('José Núñez', 'jnunez@example.com', '(555) 301-4455', '12 Calle Peñón', 'NWB-10001'),
    ('María López', 'maria@example.com', '555-0177', '48 Elm Street', NULL),
    ('Zoë Åberg', 'zoe@example.com', NULL, '7 Birch Road', NULL),
    ('Maria Lopezz', 'other.maria@example.com', NULL, NULL, NULL)`.execute(portal.db);
  await sql`INSERT INTO quotes (email, description, total, status, created_at) VALUES
    ('jnunez@example.com', 'Roof repair', 900, 'Sent', '2026-04-01T08:00:00Z'),
    ('maria@example.com', 'Baño remodel', 4200.5, 'Draft', '2026-04-02T08:00:00Z'),
    ('zoe@example.com', 'Fence', 100, 'Sent', '2026-04-03T08:00:00Z')`.execute(portal.db);
  await sql`INSERT INTO work_orders (email, description, address, submitted_at) VALUES
    ('JNunez@Example.com', 'Gutter cleaning', '12 Calle Peñón', '2026-04-01T08:00:00Z'),
    ('maria@example.com', 'Leaky faucet', '48 Elm Street', '2026-04-02T08:00:00Z'),
    ('zoe@example.com', 'Paint the façade', '7 Birch Road', '2026-04-03T08:00:00Z')`.execute(portal.db);
});
afterAll(() => portal?.close());

const get = async (path: string) => {
  const res = await portal.request(path, { cookie: staff });
  expect(res.status).toBe(200);
  return res.json();
};
const customerNames = async (q: string) =>
  ((await get(`/api/office/customers?q=${encodeURIComponent(q)}`)) as CustomerPage).customers.map((c) => c.name);
const quoteDescriptions = async (q: string) =>
  officeQuotePageSchema.parse(await get(`/api/office/quotes?q=${encodeURIComponent(q)}`)).quotes.map((row) => row.description);
const orderDescriptions = async (q: string) =>
  officeWorkOrderPageSchema.parse(await get(`/api/office/work-orders?q=${encodeURIComponent(q)}`)).workOrders.map((row) => row.description);

describe('office search, accent- and case-blind', () => {
  it('Customers (and the quote editor picker) find names typed without accents, in any case, whole or in part', async () => {
    for (const q of ['Jose Nunez', 'Nunez', 'jose', 'JOSÉ NÚÑEZ', 'núñez', 'se nu'])
      expect(await customerNames(q), q).toEqual(['José Núñez']);
    expect(await customerNames('Maria Lopez')).toEqual(['María López', 'Maria Lopezz']);
    expect(await customerNames('maría lópez')).toEqual(['María López', 'Maria Lopezz']);
    expect(await customerNames('zoe aberg')).toEqual(['Zoë Åberg']);
  });

  it('Customers find a street, and still an e-mail part, phone digits and account #', async () => {
    expect(await customerNames('calle penon')).toEqual(['José Núñez']);
    expect(await customerNames('Elm Street')).toEqual(['María López']);
    expect(await customerNames('birch')).toEqual(['Zoë Åberg']);
    expect(await customerNames('jnunez@')).toEqual(['José Núñez']);
    expect(await customerNames('5553014455')).toEqual(['José Núñez']);
    expect(await customerNames('nwb-1000')).toEqual(['José Núñez']);
  });

  it('Quotes find the customer’s name, and accents in descriptions', async () => {
    expect(await quoteDescriptions('Jose Nunez')).toEqual(['Roof repair']);
    expect(await quoteDescriptions('maria lopez')).toEqual(['Baño remodel']);
    expect(await quoteDescriptions('bano')).toEqual(['Baño remodel']);
    expect(await quoteDescriptions('elm street')).toEqual(['Baño remodel']);
    const counted = officeQuotePageSchema.parse(await get('/api/office/quotes?q=nunez'));
    expect(counted.counts).toEqual({ Sent: 1 });
  });

  it('Work orders find the customer’s name and the order’s address without accents', async () => {
    expect(await orderDescriptions('jose nunez')).toEqual(['Gutter cleaning']);
    expect(await orderDescriptions('calle penon')).toEqual(['Gutter cleaning']);
    expect(await orderDescriptions('FACADE')).toEqual(['Paint the façade']);
    expect(await orderDescriptions('Maria')).toEqual(['Leaky faucet']);
  });

  it('keeps the order and the keyset paging of a search', async () => {
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = (await get(`/api/office/customers?q=ma&limit=1${after}`)) as CustomerPage;
      seen.push(...page.customers.map((c) => c.email));
      if (!page.nextCursor) break;
      after = `&after=${page.nextCursor}`;
    }
    expect(seen).toEqual(['maria@example.com', 'other.maria@example.com']);
  });
});
