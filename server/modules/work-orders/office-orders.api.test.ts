import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officeWorkOrderSchema, type OfficeWorkOrder } from '../../../contracts/office/work-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** The office's work order page: the order, its timeline, status changes, schedule and notes, each audited. */
let portal: TestPortal;
let staff: string;
let customer: string;
const STAFF_EMAIL = 'sam@company.example';
const OFFICE_IP = '203.0.113.7';

const insertOrder = async (email = 'ana@example.com', status = 'Pending') =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status)
        VALUES (${email}, 'Replace the back door frame', '7 Birch Lane', ${status}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );

const office = async (path: string, body?: unknown, expected = 200) => {
  const res = await portal.request(`/api/office/work-orders${path}`, { cookie: staff, body, ip: OFFICE_IP });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(expected);
  return json as OfficeWorkOrder & { error: { code: string; message: string } };
};

const auditRows = (id: number) =>
  portal.db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', 'work_order')
    .where('entity_id', '=', String(id))
    .orderBy('id')
    .execute();

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, STAFF_EMAIL, 'staff')).cookie;
  customer = await portal.signUp('ana@example.com', { name: 'Ana Ruiz', phone: '555-0199', address: '7 Birch Lane' });
});
afterAll(() => portal?.close());

describe('GET /api/office/work-orders/:id', () => {
  it('gives the order, its customer, schedule, quote link and full timeline with internal notes and actors', async () => {
    const id = await insertOrder('ANA@example.com');
    await sql`UPDATE customers SET account_number = 'NWB-7' WHERE lower(email) = 'ana@example.com'`.execute(portal.db);
    await office(`/${id}/notes`, { body: 'Internal: bring the long ladder' }, 201);
    const order = officeWorkOrderSchema.parse(await office(`/${id}`));
    expect(order).toMatchObject({
      id,
      description: 'Replace the back door frame',
      status: 'Pending',
      quoteId: null,
      schedule: null,
      // The zone a first schedule is typed in, before there is one.
      timeZone: 'America/Chicago',
      cancelReason: null,
      nextStatuses: ['In Progress', 'Cancelled'],
      customer: { name: 'Ana Ruiz', email: 'ANA@example.com', phone: '555-0199', accountNumber: 'NWB-7', emailUpdates: true },
    });
    expect(order.timeline.map((e) => [e.kind, e.actorEmail, e.body, e.visibleToCustomer])).toEqual([
      ['created', null, null, true],
      ['note', STAFF_EMAIL, 'Internal: bring the long ladder', false],
    ]);
    // The timeline names who did it (issue 22.11): the staff member's account name.
    const staffName = await sql<{ name: string }>`SELECT name FROM "user" WHERE email = ${STAFF_EMAIL}`.execute(portal.db);
    expect(order.timeline[1]!.actorName).toBe(staffName.rows[0]!.name);
  });

  it('answers 404 for an order that does not exist and 400 for a malformed id', async () => {
    expect((await office('/999999', undefined, 404)).error.message).toBe('Work order not found.');
    await office('/abc', undefined, 400);
  });
});

describe('POST /api/office/work-orders/:id/status', () => {
  it('moves Pending -> In Progress -> Complete, each change in the timeline with the staff member, audited with address', async () => {
    const id = await insertOrder();
    expect((await office(`/${id}/status`, { status: 'In Progress', from: 'Pending' })).status).toBe('In Progress');
    const done = await office(`/${id}/status`, { status: 'Complete' });
    expect(done.nextStatuses).toEqual([]);
    expect(done.timeline.filter((e) => e.kind === 'status').map((e) => [e.fromStatus, e.toStatus, e.actorEmail])).toEqual([
      ['Pending', 'In Progress', STAFF_EMAIL],
      ['In Progress', 'Complete', STAFF_EMAIL],
    ]);
    const audits = await auditRows(id);
    expect(audits.map((a) => [a.action, a.actor_email, a.before, a.after, a.ip])).toEqual([
      ['status', STAFF_EMAIL, { status: 'Pending' }, { status: 'In Progress' }, OFFICE_IP],
      ['status', STAFF_EMAIL, { status: 'In Progress' }, { status: 'Complete' }, OFFICE_IP],
    ]);
  });

  it('answers 409 with a clear message for a transition not allowed, the same status, or a stale screen, changing nothing', async () => {
    const id = await insertOrder();
    expect((await office(`/${id}/status`, { status: 'Complete' }, 409)).error).toMatchObject({
      code: 'transition_not_allowed',
      message: 'A work order that is Pending cannot be set to Complete.',
    });
    expect((await office(`/${id}/status`, { status: 'Pending' }, 409)).error.code).toBe('already_in_status');
    // The customer cancels while the office screen still shows Pending.
    await portal.request(`/api/work-orders/${id}/cancel`, { cookie: customer, body: {} });
    expect((await office(`/${id}/status`, { status: 'In Progress', from: 'Pending' }, 409)).error).toMatchObject({
      code: 'stale_status',
      message: 'This work order is now Cancelled (it was Pending on your screen). Reload it to see what changed.',
    });
    expect(await auditRows(id)).toEqual([]);
  });

  it('needs a reason to cancel, and keeps it on the order and in the status event', async () => {
    const id = await insertOrder('ana@example.com', 'In Progress');
    expect((await office(`/${id}/status`, { status: 'Cancelled' }, 400)).error.message).toBe(
      'reason: A reason is required to cancel a work order.',
    );
    expect((await office(`/${id}/status`, { status: 'Cancelled', reason: '   ' }, 400)).error.code).toBe('invalid_request');
    const cancelled = await office(`/${id}/status`, { status: 'Cancelled', reason: ' Customer sold the house ' });
    expect(cancelled).toMatchObject({ status: 'Cancelled', cancelReason: 'Customer sold the house' });
    expect(cancelled.timeline.at(-1)).toMatchObject({ kind: 'status', toStatus: 'Cancelled', body: 'Customer sold the house' });
    expect((await auditRows(id))[0]!.after).toEqual({ status: 'Cancelled', cancelReason: 'Customer sold the house' });
  });

  it('shows a status change made with plain SQL in the timeline, with no actor', async () => {
    const id = await insertOrder();
    await sql`UPDATE work_orders SET status = 'In Progress' WHERE id = ${id}`.execute(portal.db);
    const order = await office(`/${id}`);
    expect(order.timeline.at(-1)).toMatchObject({ kind: 'status', fromStatus: 'Pending', toStatus: 'In Progress', actorEmail: null });
  });
});

describe('POST /api/office/work-orders/:id/schedule', () => {
  it('keeps the window as instants and shows it as the company wall clock; a reschedule is the same call', async () => {
    const id = await insertOrder();
    const first = await office(`/${id}/schedule`, { date: '2027-01-15', from: '08:00', until: '10:30' });
    expect(first.schedule).toEqual({
      date: '2027-01-15',
      from: '08:00',
      until: '10:30',
      timeZone: 'America/Chicago',
      start: '2027-01-15T14:00:00.000Z',
      end: '2027-01-15T16:30:00.000Z',
    });
    const moved = await office(`/${id}/schedule`, { date: '2027-07-01', from: '13:00', until: '15:00' });
    expect(moved.schedule).toMatchObject({ date: '2027-07-01', from: '13:00', start: '2027-07-01T18:00:00.000Z' });
    expect(moved.timeline.filter((e) => e.kind === 'schedule').map((e) => [e.schedule?.date, e.schedule?.from, e.actorEmail])).toEqual([
      ['2027-01-15', '08:00', STAFF_EMAIL],
      ['2027-07-01', '13:00', STAFF_EMAIL],
    ]);
    const audits = await auditRows(id);
    expect(audits.map((a) => a.action)).toEqual(['schedule', 'schedule']);
    expect(audits[1]!.before).toMatchObject({ schedule: { date: '2027-01-15', from: '08:00', until: '10:30' } });
    expect(audits[1]!.after).toMatchObject({ schedule: { date: '2027-07-01', from: '13:00', until: '15:00' } });
    const row = await portal.db
      .selectFrom('work_orders')
      .select(['arrival_start', 'arrival_end'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(new Date(row.arrival_end!).toISOString()).toBe('2027-07-01T20:00:00.000Z');
  });

  it('the same window again changes nothing', async () => {
    const id = await insertOrder();
    await office(`/${id}/schedule`, { date: '2027-02-01', from: '09:00', until: '11:00' });
    const again = await office(`/${id}/schedule`, { date: '2027-02-01', from: '09:00', until: '11:00' });
    expect(again.timeline.filter((e) => e.kind === 'schedule')).toHaveLength(1);
    expect(await auditRows(id)).toHaveLength(1);
  });

  it.each([
    [
      { date: '2027-03-14', from: '02:30', until: '04:00' },
      'time_does_not_exist',
      /02:30 does not exist on 2027-03-14 in America\/Chicago/,
    ],
    [{ date: '2027-01-15', from: '10:00', until: '09:00' }, 'until_not_after_from', /'Arrival until' must be later than 'Arrival from'/],
    [{ date: '2020-01-15', from: '08:00', until: '09:00' }, 'window_passed', /already passed/],
    [{ date: '2027-02-30', from: '08:00', until: '09:00' }, 'invalid_request', /date: /],
    [{ date: '2027-01-15', from: '8 am', until: '09:00' }, 'invalid_request', /from: Use a 24-hour time like 08:30/],
  ])('refuses %j with 400 %s', async (body, code, message) => {
    const id = await insertOrder();
    const { error } = await office(`/${id}/schedule`, body, 400);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('reads an ambiguous fall-back time as its first occurrence (01:30 CDT on 2027-11-07)', async () => {
    const id = await insertOrder();
    const order = await office(`/${id}/schedule`, { date: '2027-11-07', from: '01:30', until: '03:00' });
    expect(order.schedule).toMatchObject({ start: '2027-11-07T06:30:00.000Z', end: '2027-11-07T09:00:00.000Z' });
  });

  it('refuses to schedule a finished order with 409', async () => {
    const id = await insertOrder('ana@example.com', 'Complete');
    expect((await office(`/${id}/schedule`, { date: '2027-01-15', from: '08:00', until: '09:00' }, 409)).error.code).toBe(
      'not_schedulable',
    );
  });
});

describe('POST /api/office/work-orders/:id/notes', () => {
  it('adds an internal note by default and a visible one on request, each audited', async () => {
    const id = await insertOrder();
    await office(`/${id}/notes`, { body: 'Gate code 4411' }, 201);
    const order = await office(`/${id}/notes`, { body: 'We ordered the frame.', visibleToCustomer: true }, 201);
    expect(order.timeline.filter((e) => e.kind === 'note').map((e) => [e.body, e.visibleToCustomer, e.actorEmail])).toEqual([
      ['Gate code 4411', false, STAFF_EMAIL],
      ['We ordered the frame.', true, STAFF_EMAIL],
    ]);
    expect((await auditRows(id)).map((a) => [a.action, (a.after as { visibleToCustomer: boolean }).visibleToCustomer, a.ip])).toEqual([
      ['note', false, OFFICE_IP],
      ['note', true, OFFICE_IP],
    ]);
  });

  it('refuses an empty note and one for an order that does not exist', async () => {
    const id = await insertOrder();
    expect((await office(`/${id}/notes`, { body: '  ' }, 400)).error.message).toBe('body: The note is empty.');
    await office('/999999/notes', { body: 'Hello' }, 404);
  });

  it('is refused to a customer session (403) and to nobody (401)', async () => {
    const id = await insertOrder();
    expect((await portal.request(`/api/office/work-orders/${id}/notes`, { cookie: customer, body: { body: 'x' } })).status).toBe(403);
    expect((await portal.request(`/api/office/work-orders/${id}/notes`, { body: { body: 'x' } })).status).toBe(401);
  });
});
