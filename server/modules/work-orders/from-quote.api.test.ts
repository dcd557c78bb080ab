import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderListSchema } from '../../../contracts/customer/work-orders';
import { officeWorkOrderSchema } from '../../../contracts/office/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** POST /api/office/quotes/:id/work-order: 'Create work order' on an Approved quote. */
let portal: TestPortal;
let staff: string;
let ana: string;

const insertQuote = async (status: string, email = 'Ana@example.com', description: string | null = 'Kitchen remodel') =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
        VALUES (${email}, ${description}, 18450.00, ${status}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );
const create = (quoteId: number | string, body: unknown = {}) =>
  portal.request(`/api/office/quotes/${quoteId}/work-order`, { cookie: staff, body, ip: '198.51.100.4' });

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { address: '12 Oak Street' });
});
afterAll(() => portal?.close());

describe('POST /api/office/quotes/:id/work-order', () => {
  it("makes a Pending order for the quote's customer, with the quote's description and the profile's address, linked and audited", async () => {
    const quoteId = await insertQuote('Approved');
    const res = await create(quoteId);
    expect(res.status).toBe(201);
    const order = officeWorkOrderSchema.parse(await res.json());
    expect(order).toMatchObject({
      status: 'Pending',
      quoteId,
      description: 'Kitchen remodel',
      address: '12 Oak Street',
      customer: { email: 'Ana@example.com' },
    });
    const audit = await portal.db.selectFrom('audit_log').selectAll().where('action', '=', 'create-from-quote').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_email: 'sam@company.example',
      entity: 'work_order',
      entity_id: String(order.id),
      ip: '198.51.100.4',
    });
    expect(audit.after).toMatchObject({ quoteId, status: 'Pending' });
    // The office made it: no 'New work request' in the Inbox.
    expect(await portal.db.selectFrom('office_inbox').select('kind').where('work_order_id', '=', order.id).execute()).toEqual([]);
    // The customer sees it, with the quote it came from ('From Quote #{id}').
    const { workOrders } = workOrderListSchema.parse(await (await portal.request('/api/work-orders', { cookie: ana })).json());
    expect(workOrders.find((o) => o.id === order.id)).toMatchObject({ quoteId, status: 'Pending' });
  });

  it('takes the description and address the office gives', async () => {
    const quoteId = await insertQuote('Approved');
    const order = officeWorkOrderSchema.parse(
      await (await create(quoteId, { description: 'Cabinets only', address: '1 Rental Ct' })).json(),
    );
    expect(order).toMatchObject({ description: 'Cabinets only', address: '1 Rental Ct' });
  });

  it('makes one order per quote: the second answers 409', async () => {
    const quoteId = await insertQuote('Approved');
    const first = officeWorkOrderSchema.parse(await (await create(quoteId)).json());
    const second = await create(quoteId);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({
      error: { code: 'work_order_exists', message: `Quote #${quoteId} already has a work order (#${first.id}).` },
    });
  });

  it.each(['Sent', 'Draft', 'Declined', 'approved'])('refuses a quote that is %s with 409', async (status) => {
    const quoteId = await insertQuote(status);
    const res = await create(quoteId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { code: 'quote_not_approved', message: `Quote #${quoteId} is ${status}: only an Approved quote can become a work order.` },
    });
    expect(await portal.db.selectFrom('work_orders').select('id').where('quote_id', '=', quoteId).execute()).toEqual([]);
  });

  it('asks for an address when the customer has no profile address, 404 for an unknown quote, 403 for a customer', async () => {
    const quoteId = await insertQuote('Approved', 'walk-in@example.com');
    const res = await create(quoteId);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'address_required' } });
    expect((await create(quoteId, { address: '9 Pine Road' })).status).toBe(201);
    expect((await create(999999)).status).toBe(404);
    const approved = await insertQuote('Approved');
    expect((await portal.request(`/api/office/quotes/${approved}/work-order`, { cookie: ana, body: {} })).status).toBe(403);
  });
});
