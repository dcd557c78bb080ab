import { CONSENT_VERSION } from '../../../contracts/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteDetailSchema } from '../../../contracts/customer/quotes';
import { workOrderDetailSchema, workOrderListSchema } from '../../../contracts/customer/work-orders';
import { officeQuoteSchema, type OfficeQuote } from '../../../contracts/office/quotes';
import { officeWorkOrderSchema } from '../../../contracts/office/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * Issue 22: a work request becomes a quote ('Create quote'), the approved quote continues the same
 * order, and the Inbox closes each entry once its work is done; a revision request on an Approved
 * quote gets a written answer the customer reads.
 */
let portal: TestPortal;
let staff: string;
let ana: string;
const STAFF_EMAIL = 'sam@company.example';

const call = async (path: string, cookie: string, body?: unknown, expected = 200) => {
  const res = await portal.request(path, { cookie, body, ip: '203.0.113.9' });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(expected);
  return json as OfficeQuote & { error: { code: string; message: string } };
};
const submitRequest = async (description = 'Water stain on the ceiling', address = '7 Birch Lane') =>
  Number(((await call('/api/work-orders', ana, { address, description }, 201)) as unknown as { id: number }).id);
const inboxEntry = (kind: 'work_request' | 'quote_approved', field: 'work_order_id' | 'quote_id', id: number) =>
  portal.db
    .selectFrom('office_inbox')
    .select(['done_at', 'done_by'])
    .where('kind', '=', kind)
    .where(field, '=', id)
    .executeTakeFirstOrThrow();
const customerOrders = async () =>
  workOrderListSchema.parse(await (await portal.request('/api/work-orders', { cookie: ana })).json()).workOrders;

async function quoteFromRequest(requestId: number): Promise<OfficeQuote> {
  const created = officeQuoteSchema.parse(await call(`/api/office/work-orders/${requestId}/quote`, staff, {}, 201));
  await call(`/api/office/quotes/${created.id}/draft`, staff, {
    description: created.description,
    lines: [
      { description: 'Repair drywall', quantity: '1', unitPrice: '420.00' },
      { description: 'Repaint ceiling', quantity: '1', unitPrice: '180.00', optional: true },
    ],
    taxRate: '8.25',
    validUntil: '2099-06-30',
    terms: '',
  });
  return created;
}
const approve = async (quoteId: number) => {
  const detail = quoteDetailSchema.parse(await call(`/api/quotes/${quoteId}`, ana));
  await call(
    `/api/quotes/${quoteId}/approve`,
    ana,
    {
      version: 1,
      optionalItemIds: [],
      signerName: 'Ana Ruiz',
      accepted: true,
      consent: { version: CONSENT_VERSION, locale: 'en', agreed: true },
    },
    201,
  );
  // The signed PDF and the signer's copy are made after the commit (decision 269): done before the test counts e-mails.
  await portal.runtime.seals.drain();
  return detail;
};

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, STAFF_EMAIL, 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz', address: '1 Profile Road' });
});
afterAll(() => portal?.close());

describe("'Create quote' on a work request, then 'Create work order' on its approved quote", () => {
  it('starts a draft for the customer with the request linked; sending it closes the request in the Inbox', async () => {
    const requestId = await submitRequest();
    expect(await inboxEntry('work_request', 'work_order_id', requestId)).toMatchObject({ done_at: null });

    const quote = await quoteFromRequest(requestId);
    expect(quote).toMatchObject({
      status: 'Draft',
      description: 'Water stain on the ceiling',
      customer: { email: 'ana@example.com', name: 'Ana Ruiz' },
      request: { id: requestId, address: '7 Birch Lane', description: 'Water stain on the ceiling', status: 'Pending', photos: [] },
    });
    const audit = await portal.db.selectFrom('audit_log').selectAll().where('action', '=', 'create-quote').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: STAFF_EMAIL, entity_id: String(quote.id), ip: '203.0.113.9' });
    expect(audit.after).toMatchObject({ workOrderId: requestId, status: 'Draft' });
    // The order's page links the quote; a second quote for the same request is refused.
    const order = officeWorkOrderSchema.parse(await call(`/api/office/work-orders/${requestId}`, staff));
    expect(order.requestQuote).toEqual({ id: quote.id, status: 'Draft' });
    const second = await call(`/api/office/work-orders/${requestId}/quote`, staff, {}, 409);
    expect(second.error).toMatchObject({ code: 'request_quoted', message: `Work Order #${requestId} already has Quote #${quote.id}.` });

    // Still open while the quote is a draft; closed once it is sent.
    expect(await inboxEntry('work_request', 'work_order_id', requestId)).toMatchObject({ done_at: null });
    await call(`/api/office/quotes/${quote.id}/send`, staff, {});
    expect(await inboxEntry('work_request', 'work_order_id', requestId)).toMatchObject({ done_by: 'system' });
  });

  it('continues the same order once approved: one order for the customer, linked, nothing cancelled or mailed', async () => {
    const requestId = await submitRequest('Back door does not close', '9 Pine Road');
    const quote = await quoteFromRequest(requestId);
    await call(`/api/office/quotes/${quote.id}/send`, staff, {});
    await approve(quote.id);
    expect(await inboxEntry('quote_approved', 'quote_id', quote.id)).toMatchObject({ done_at: null });
    const ordersBefore = (await customerOrders()).length;
    const mailBefore = await portal.db.selectFrom('mail_outbox').select('id').execute();

    const order = officeWorkOrderSchema.parse(await call(`/api/office/quotes/${quote.id}/work-order`, staff, {}, 201));
    expect(order).toMatchObject({ id: requestId, quoteId: quote.id, status: 'Pending', address: '9 Pine Road' });
    const orders = await customerOrders();
    expect(orders).toHaveLength(ordersBefore);
    expect(orders.find((o) => o.id === requestId)).toMatchObject({ quoteId: quote.id, status: 'Pending' });
    expect(await portal.db.selectFrom('mail_outbox').select('id').execute()).toHaveLength(mailBefore.length);
    // The customer's page says they sent it (not 'Created from Quote #…').
    expect(workOrderDetailSchema.parse(await call(`/api/work-orders/${requestId}`, ana)).sentAsRequest).toBe(true);
    expect(await inboxEntry('quote_approved', 'quote_id', quote.id)).toMatchObject({ done_by: 'system' });
    const audit = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'create-from-quote')
      .where('entity_id', '=', String(requestId))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_email: STAFF_EMAIL, before: { quoteId: null }, after: { quoteId: quote.id } });
    // The office quote page links the same order.
    expect(officeQuoteSchema.parse(await call(`/api/office/quotes/${quote.id}`, staff)).workOrderId).toBe(requestId);
  });

  it('makes a new order when the request was cancelled meanwhile', async () => {
    const requestId = await submitRequest('Paint the fence');
    const quote = await quoteFromRequest(requestId);
    await call(`/api/office/quotes/${quote.id}/send`, staff, {});
    await call(`/api/work-orders/${requestId}/cancel`, ana, {});
    await approve(quote.id);
    const order = officeWorkOrderSchema.parse(await call(`/api/office/quotes/${quote.id}/work-order`, staff, {}, 201));
    expect(order.id).not.toBe(requestId);
    expect(order.quoteId).toBe(quote.id);
  });

  it('refuses a quote for an order that came from a quote, and for a closed one', async () => {
    const requestId = await submitRequest('Gutter repair');
    await call(`/api/work-orders/${requestId}/cancel`, ana, {});
    expect((await call(`/api/office/work-orders/${requestId}/quote`, staff, {}, 409)).error.code).toBe('request_closed');
    expect((await call('/api/office/work-orders/999999/quote', staff, {}, 404)).error.code).toBe('not_found');
    expect((await portal.request(`/api/office/work-orders/${requestId}/quote`, { cookie: ana, body: {} })).status).toBe(403);
  });
});

describe('the Inbox closes its own entries', () => {
  it("closes 'New work request' when the order is scheduled, though it stays Pending", async () => {
    const requestId = await submitRequest('Leaking tap');
    await call(`/api/office/work-orders/${requestId}/schedule`, staff, { date: '2099-01-15', from: '08:00', until: '10:00' });
    expect(await inboxEntry('work_request', 'work_order_id', requestId)).toMatchObject({ done_by: 'system' });
    expect(officeWorkOrderSchema.parse(await call(`/api/office/work-orders/${requestId}`, staff)).status).toBe('Pending');
  });
});

describe('answering a revision request on an Approved quote', () => {
  it('shows the answer to the customer, closes the Inbox entry, is audited and is given once', async () => {
    const requestId = await submitRequest('New porch light');
    const quote = await quoteFromRequest(requestId);
    await call(`/api/office/quotes/${quote.id}/send`, staff, {});
    await approve(quote.id);
    await call(`/api/quotes/${quote.id}/revision-requests`, ana, { message: 'Can you add a second light?' }, 201);
    const office = officeQuoteSchema.parse(await call(`/api/office/quotes/${quote.id}`, staff));
    const asked = office.revisionRequests.at(-1)!;
    expect(asked).toMatchObject({ message: 'Can you add a second light?', answer: null });
    const entry = () =>
      portal.db
        .selectFrom('office_inbox')
        .select(['done_by'])
        .where('kind', '=', 'revision_request')
        .where('quote_request_id', '=', asked.id)
        .executeTakeFirstOrThrow();
    expect(await entry()).toEqual({ done_by: null });

    const path = `/api/office/quotes/${quote.id}/revision-requests/${asked.id}/answer`;
    expect((await call(path, staff, { answer: '   ' }, 400)).error.code).toBeDefined();
    const answered = officeQuoteSchema.parse(await call(path, staff, { answer: 'Yes: we will send a change order next week.' }));
    expect(answered.revisionRequests.at(-1)).toMatchObject({ answer: 'Yes: we will send a change order next week.' });
    expect(await entry()).toEqual({ done_by: 'system' });
    const audit = await portal.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'answer-revision-request')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_email: STAFF_EMAIL,
      entity: 'quote',
      entity_id: String(quote.id),
      after: { requestId: asked.id, answer: 'Yes: we will send a change order next week.' },
    });

    const seen = quoteDetailSchema.parse(await call(`/api/quotes/${quote.id}`, ana));
    expect(seen.status).toBe('Approved');
    expect(seen.revisionAnswer).toMatchObject({
      message: 'Can you add a second light?',
      answer: 'Yes: we will send a change order next week.',
    });
    expect((await call(path, staff, { answer: 'Again' }, 409)).error.code).toBe('already_answered');
    expect((await call(`/api/office/quotes/${quote.id}/revision-requests/999999/answer`, staff, { answer: 'x' }, 404)).error.code).toBe(
      'not_found',
    );
  });
});
