import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Property } from '../../../contracts/customer/properties';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { attachmentsOf } from '../../platform/mail/attachments';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { withOfficeScope } from '../../platform/db/office-scope';

/** Properties (contract-spec §4): a customer's own, the Submit Request choice, the office's pick, and what the database holds to. */
let portal: TestPortal;
let ana: string;
let bob: string;
let staff: string;
const STAFF = 'sam@company.example';

type Answer = Record<string, unknown> & { error: { code: string; message: string } };
const call = async (cookie: string, path: string, body?: unknown, expected = 200) => {
  const res = await portal.request(path, { cookie, body });
  const json = (await res.json()) as Answer;
  expect(res.status, JSON.stringify(json)).toBe(expected);
  return json;
};
const propertiesOf = async (cookie: string) => (await call(cookie, '/api/properties')).properties as Property[];
const addRental = (cookie: string, address = '40 Elm Court, Unit 2') => call(cookie, '/api/properties', { label: 'Rental', address }, 201);
const submit = (cookie: string, body: unknown, expected = 201) => call(cookie, '/api/work-orders', body, expected);
const orderRow = (id: number) =>
  portal.db.selectFrom('work_orders').select(['address', 'property_id', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
const customerId = async (email: string) =>
  Number((await portal.db.selectFrom('customers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  portal = await createTestPortal();
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz', address: '7 Birch Lane' });
  bob = await portal.signUp('bob@example.com', { name: 'Bob Lee', address: '9 Pine Road' });
  staff = (await createOfficeAccount(portal, STAFF, 'staff')).cookie;
});
afterAll(() => portal?.close());

describe("a customer's properties", () => {
  it('start with the profile address, which follows the Profile', async () => {
    expect(await propertiesOf(ana)).toMatchObject([{ label: null, address: '7 Birch Lane', isProfile: true, inUse: false }]);
    await call(bob, '/api/profile', { name: 'Bob Lee', phone: null, address: '11 Pine Road' });
    expect(await propertiesOf(bob)).toMatchObject([{ address: '11 Pine Road', isProfile: true }]);
  });

  it("'Add property' adds one with its label; the same address again answers that one", async () => {
    const rental = await addRental(ana);
    expect(rental).toMatchObject({ label: 'Rental', address: '40 Elm Court, Unit 2', isProfile: false, inUse: false });
    expect((await addRental(ana, '  40 elm court,   unit 2 ')).id).toBe(rental.id);
    expect((await propertiesOf(ana)).map((p) => p.address)).toEqual(['7 Birch Lane', '40 Elm Court, Unit 2']);
    expect((await call(ana, '/api/properties', { address: ' ' }, 400)).error.code).toBe('invalid_request');
  });
});

describe('Submit Request with a property', () => {
  it("stores the property's address, and the list shows it", async () => {
    const rental = (await propertiesOf(ana)).find((p) => p.label === 'Rental')!;
    const order = await submit(ana, { propertyId: rental.id, address: 'typed by the browser', description: 'Leaking tap' });
    expect(order).toMatchObject({ address: '40 Elm Court, Unit 2', propertyId: rental.id });
    const list = (await call(ana, '/api/work-orders')).workOrders as { id: number; address: string }[];
    expect(list.find((o) => o.id === order.id)?.address).toBe('40 Elm Court, Unit 2');
  });

  it("refuses another customer's property (404), storing nothing", async () => {
    const [bobHome] = await propertiesOf(bob);
    const before = await portal.db
      .selectFrom('work_orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const refused = await submit(ana, { propertyId: bobHome!.id, address: 'x', description: 'Steal a visit' }, 404);
    expect(refused.error.code).toBe('property_not_found');
    const after = await portal.db
      .selectFrom('work_orders')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it("'Another address' becomes one of the customer's properties", async () => {
    const order = await submit(ana, { address: '3 Harbor View', description: 'Paint the fence' });
    const added = (await propertiesOf(ana)).find((p) => p.address === '3 Harbor View');
    expect(added).toMatchObject({ label: null, isProfile: false, inUse: true });
    expect(order.propertyId).toBe(added!.id);
  });
});

describe('row-level security and the database', () => {
  it("a customer's role sees and adds only their own account's properties, and names only those on an order", async () => {
    const bobId = await customerId('bob@example.com');
    const seen = await withCustomerScope(portal.db, 'ana@example.com', (trx) =>
      trx.selectFrom('properties').select('customer_id').execute(),
    );
    expect(new Set(seen.map((r) => Number(r.customer_id)))).toEqual(new Set([await customerId('ana@example.com')]));
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('properties').values({ customer_id: bobId, address: '1 Fake St' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const [bobHome] = await propertiesOf(bob);
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx
          .insertInto('work_orders')
          .values({ email: 'ana@example.com', description: 'x', address: 'x', status: 'Pending', property_id: bobHome!.id })
          .execute(),
      ),
    ).rejects.toThrow(/not a property of the work order's customer/);
  });

  it('an order put in with plain SQL by e-mail (no property) keeps showing its own address', async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status)
      VALUES ('ANA@example.com', 'Hand-entered job', '99 Old Mill Road', 'Pending') RETURNING id`.execute(portal.db);
    const id = Number(rows[0]!.id);
    const list = (await call(ana, '/api/work-orders')).workOrders as { id: number; address: string; propertyId: number | null }[];
    expect(list.find((o) => o.id === id)).toMatchObject({ address: '99 Old Mill Road', propertyId: null });
    expect((await call(staff, `/api/office/work-orders/${id}`)).address).toBe('99 Old Mill Road');
  });
});

describe("the office's pick", () => {
  it("lists a customer's properties and changes a Pending order's property; refused once In Progress, by the server and the database", async () => {
    const anaId = await customerId('ana@example.com');
    const listed = (await call(staff, `/api/office/customers/${anaId}/properties`)).properties as Property[];
    expect(listed[0]).toMatchObject({ address: '7 Birch Lane', isProfile: true });
    const order = await submit(ana, { propertyId: listed[0]!.id, address: '7 Birch Lane', description: 'Fix the gate' });
    const rental = listed.find((p) => p.label === 'Rental')!;
    const changed = await call(staff, `/api/office/work-orders/${order.id}/property`, { propertyId: rental.id });
    expect(changed).toMatchObject({ address: '40 Elm Court, Unit 2', property: { id: rental.id } });
    expect(await orderRow(order.id as number)).toMatchObject({ address: '40 Elm Court, Unit 2' });

    // The calendar file of the scheduled order gives the property's address.
    await call(staff, `/api/office/work-orders/${order.id}/schedule`, { date: '2027-01-15', from: '08:00', until: '10:30' });
    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'work-order-scheduled')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(attachmentsOf(mail)[0]!.content).toContain('\r\nLOCATION:40 Elm Court\\, Unit 2\r\n');

    const [bobHome] = await propertiesOf(bob);
    expect((await call(staff, `/api/office/work-orders/${order.id}/property`, { propertyId: bobHome!.id }, 404)).error.code).toBe(
      'property_not_found',
    );
    await call(staff, `/api/office/work-orders/${order.id}/status`, { status: 'In Progress' });
    const refused = await call(staff, `/api/office/work-orders/${order.id}/property`, { address: '5 New Street' }, 409);
    expect(refused.error.code).toBe('address_fixed');
    await expect(
      withOfficeScope(portal.db, STAFF, (trx) =>
        trx
          .updateTable('work_orders')
          .set({ address: 'changed' })
          .where('id', '=', order.id as number)
          .execute(),
      ),
    ).rejects.toThrow(/can no longer change/);
    expect(await orderRow(order.id as number)).toMatchObject({ address: '40 Elm Court, Unit 2', status: 'In Progress' });
  });

  it("picks a quote's property, never another customer's, and not once it is approved", async () => {
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'New deck', 1200, 'Sent') RETURNING id`.execute(portal.db);
    const quoteId = Number(rows[0]!.id);
    const picked = await call(staff, `/api/office/quotes/${quoteId}/property`, { address: '12 Lake Drive' });
    expect(picked).toMatchObject({ address: '12 Lake Drive', property: { label: null } });
    // The customer's Quotes list shows the property's address.
    const quotes = (await call(ana, '/api/quotes')).quotes as { id: number; address: string | null }[];
    expect(quotes.find((q) => q.id === quoteId)?.address).toBe('12 Lake Drive');
    expect((await call(staff, `/api/office/quotes/${quoteId}`)).property).toMatchObject({ address: '12 Lake Drive' });
    // The office's Quotes list shows it too (as the work orders list does); a quote with no property, none.
    const listed = (await call(staff, '/api/office/quotes?q=ana%40example.com')).quotes as { id: number; address: string | null }[];
    expect(listed.find((q) => q.id === quoteId)?.address).toBe('12 Lake Drive');
    const { rows: plain } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana@example.com', 'No place', 10, 'Sent') RETURNING id`.execute(portal.db);
    const again = (await call(staff, '/api/office/quotes?q=ana%40example.com')).quotes as { id: number; address: string | null }[];
    expect(again.find((q) => q.id === Number(plain[0]!.id))?.address).toBeNull();
    // And the customer's quote page (its PDF prints it).
    expect((await call(ana, `/api/quotes/${quoteId}`)).address).toBe('12 Lake Drive');
    const [bobHome] = await propertiesOf(bob);
    await call(staff, `/api/office/quotes/${quoteId}/property`, { propertyId: bobHome!.id }, 404);
    await sql`UPDATE quotes SET status = 'Approved' WHERE id = ${quoteId}`.execute(portal.db);
    expect((await call(staff, `/api/office/quotes/${quoteId}/property`, { address: '1 Other Way' }, 409)).error.code).toBe(
      'quote_approved',
    );
  });
});

describe('removing a property', () => {
  it("removes an unused one; never the profile one, one in use, or another customer's", async () => {
    const spare = await call(ana, '/api/properties', { address: '8 Spare Lane' }, 201);
    const list = await propertiesOf(ana);
    expect((await call(ana, `/api/properties/${list[0]!.id}/remove`, {}, 409)).error.code).toBe('profile_property');
    const used = list.find((p) => p.inUse && !p.isProfile)!;
    expect((await call(ana, `/api/properties/${used.id}/remove`, {}, 409)).error.code).toBe('property_in_use');
    expect((await call(bob, `/api/properties/${spare.id}/remove`, {}, 404)).error.code).toBe('property_not_found');
    const after = (await call(ana, `/api/properties/${spare.id}/remove`, {})).properties as Property[];
    expect(after.some((p) => p.id === spare.id)).toBe(false);
  });
});

describe('renaming and correcting a property (decision 235)', () => {
  it("a customer renames any of theirs, and corrects the address of one no quote or order names; never another customer's", async () => {
    const carol = await portal.signUp('carol@example.com', { name: 'Carol Diaz', address: '5 Cedar Way' });
    const [home] = await propertiesOf(carol);
    const cabin = await call(carol, '/api/properties', { label: 'Cabn', address: '3 Lake Rd' }, 201);
    // The label, always (the profile property's too); an empty label clears it.
    let list = (await call(carol, `/api/properties/${home!.id}`, { label: 'Home' })).properties as Property[];
    expect(list[0]).toMatchObject({ label: 'Home', address: '5 Cedar Way', isProfile: true });
    list = (await call(carol, `/api/properties/${cabin.id}`, { label: 'Cabin', address: '3 Lake Road, Unit 1' })).properties as Property[];
    expect(list[1]).toMatchObject({ id: cabin.id, label: 'Cabin', address: '3 Lake Road, Unit 1' });
    expect(((await call(carol, `/api/properties/${home!.id}`, { label: '' })).properties as Property[])[0]!.label).toBeNull();
    // Not another customer's: 404, unchanged.
    expect((await call(ana, `/api/properties/${cabin.id}`, { label: 'Mine now' }, 404)).error.code).toBe('property_not_found');
    // Nothing to change, or an empty address: 400.
    await call(carol, `/api/properties/${cabin.id}`, {}, 400);
    await call(carol, `/api/properties/${cabin.id}`, { address: ' ' }, 400);
  });

  it('keeps an address fixed where the records read it: the profile one, one in use, and one the customer has already', async () => {
    const dan = await portal.signUp('dan@example.com', { name: 'Dan Ng', address: '8 Elm Row' });
    const [home] = await propertiesOf(dan);
    const shop = await call(dan, '/api/properties', { label: 'Shop', address: '20 Mill St' }, 201);
    const spare = await call(dan, '/api/properties', { address: '21 Mill St' }, 201);
    expect((await call(dan, `/api/properties/${home!.id}`, { address: '9 Elm Row' }, 409)).error.code).toBe('profile_property');
    expect((await call(dan, `/api/properties/${spare.id}`, { address: ' 20  MILL st ' }, 409)).error.code).toBe('property_exists');
    await submit(dan, { propertyId: shop.id, address: 'x', description: 'Sign above the door' });
    expect((await call(dan, `/api/properties/${shop.id}`, { address: '22 Mill St' }, 409)).error.code).toBe('property_in_use');
    // Its label still changes.
    expect(((await call(dan, `/api/properties/${shop.id}`, { label: 'The shop' })).properties as Property[])[1]).toMatchObject({
      label: 'The shop',
      address: '20 Mill St',
    });
    // The profile one follows the Profile still (the database's own trigger).
    await call(dan, '/api/profile', { name: 'Dan Ng', phone: null, address: '10 Elm Row' });
    expect((await propertiesOf(dan))[0]).toMatchObject({ address: '10 Elm Row', isProfile: true });
  });

  it("the database holds to it whoever writes, seeing the office's Draft quotes the customer cannot", async () => {
    const eve = await portal.signUp('eve@example.com', { name: 'Eve Park', address: '1 Bay St' });
    const [home] = await propertiesOf(eve);
    const barn = (await call(eve, '/api/properties', { address: '2 Farm Lane' }, 201)) as unknown as Property;
    // The office's Draft quote names it: the customer's scope does not see the quote, the database does.
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('eve@example.com', 'Barn roof', 0, 'Draft') RETURNING id`.execute(portal.db);
    await call(staff, `/api/office/quotes/${Number(rows[0]!.id)}/property`, { propertyId: barn.id });
    expect((await propertiesOf(eve)).find((p) => p.id === barn.id)?.inUse).toBe(false);
    expect((await call(eve, `/api/properties/${barn.id}`, { address: '3 Farm Lane' }, 409)).error.code).toBe('property_in_use');
    await expect(
      withCustomerScope(portal.db, 'eve@example.com', (trx) =>
        trx.updateTable('properties').set({ address: '3 Farm Lane' }).where('id', '=', barn.id).execute(),
      ),
    ).rejects.toThrow(/can no longer change/);
    await expect(
      withOfficeScope(portal.db, STAFF, (trx) =>
        trx.updateTable('properties').set({ address: '9 Bay St' }).where('id', '=', home!.id).execute(),
      ),
    ).rejects.toThrow(/profile address/);
  });

  it("the office renames and corrects any customer's property, audited; 404 for none", async () => {
    const fay = await portal.signUp('fay@example.com', { name: 'Fay Lin', address: '4 Oak Ct' });
    const lot = await call(fay, '/api/properties', { address: '6 Oak Ct' }, 201);
    const list = (await call(staff, `/api/office/properties/${lot.id}`, { label: 'Empty lot', address: '6 Oak Court' }))
      .properties as Property[];
    expect(list.find((p) => p.id === lot.id)).toMatchObject({ label: 'Empty lot', address: '6 Oak Court' });
    expect((await propertiesOf(fay)).find((p) => p.id === lot.id)).toMatchObject({ label: 'Empty lot', address: '6 Oak Court' });
    const logged = await sql<{ actor_email: string; before: string; after: string }>`
      SELECT actor_email, before::text AS before, after::text AS after FROM audit_log WHERE action = 'edit-property' ORDER BY id DESC LIMIT 1`.execute(
      portal.db,
    );
    expect(logged.rows[0]).toMatchObject({ actor_email: STAFF });
    expect(logged.rows[0]!.before).toContain('6 Oak Ct');
    expect(logged.rows[0]!.after).toContain('6 Oak Court');
    expect((await call(staff, '/api/office/properties/999999', { label: 'x' }, 404)).error.code).toBe('property_not_found');
    // Customers never reach the office's route.
    await call(fay, `/api/office/properties/${lot.id}`, { label: 'x' }, 403);
  });
});
