import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsOf } from '../../platform/mail/attachments';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * 'Move to Complete' before the visit: the visit will not happen, so the customer's calendar event is
 * cancelled (METHOD:CANCEL, the scheduling e-mail's UID) and their pages stop announcing it.
 */
let portal: TestPortal;
let staff: string;
let ben: string;

/** A day `days` from now, as the schedule form sends it (far enough from today in any zone). */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const insertOrder = async () =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status)
        VALUES ('ben@example.com', 'Fix the porch', '7 Birch Lane', 'In Progress') RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );
const office = async (id: number, path: string, body: unknown) => {
  const res = await portal.request(`/api/office/work-orders/${id}${path}`, { cookie: staff, body });
  expect(res.status, await res.clone().text()).toBe(200);
};
const mailsAbout = async (id: number, kind: string) =>
  (
    await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'ben@example.com')
      .where('kind', '=', kind)
      .orderBy('id')
      .execute()
  ).filter((mail) => mail.subject.includes(`#${id} `) || mail.subject.endsWith(`#${id}`));
const line = (ics: string, name: string) => new RegExp(`\\r\\n${name}:([^\\r]*)\\r\\n`).exec(ics)?.[1];

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ben = await portal.signUp('ben@example.com', { name: 'Ben Lee' });
});
afterAll(() => portal?.close());

describe('completing a work order before its visit', () => {
  it('cancels the calendar event (same UID, next SEQUENCE, METHOD:CANCEL) and the customer no longer sees the visit', async () => {
    const id = await insertOrder();
    const day = dayFromNow(20);
    await office(id, '/schedule', { date: day, from: '09:00', until: '11:00' });
    const before = (await (await portal.request(`/api/work-orders/${id}`, { cookie: ben })).json()) as { workOrder: { schedule: unknown } };
    expect(before.workOrder.schedule).toMatchObject({ date: day });

    await office(id, '/status', { status: 'Complete', from: 'In Progress' });

    const [scheduled] = await mailsAbout(id, 'work-order-scheduled');
    const [completed] = await mailsAbout(id, 'work-order-status');
    expect(completed!.subject).toBe(`Your Work Order #${id} is now Complete`);
    const [invite] = attachmentsOf(scheduled!);
    const [cancel] = attachmentsOf(completed!);
    expect(cancel).toMatchObject({ filename: `work-order-${id}.ics`, contentType: 'text/calendar; charset=utf-8; method=CANCEL' });
    expect(line(cancel!.content, 'METHOD')).toBe('CANCEL');
    expect(line(cancel!.content, 'STATUS')).toBe('CANCELLED');
    expect(line(cancel!.content, 'UID')).toBe(line(invite!.content, 'UID'));
    expect(Number(line(cancel!.content, 'SEQUENCE'))).toBeGreaterThan(Number(line(invite!.content, 'SEQUENCE')));
    expect(line(cancel!.content, 'DTSTART')).toBe(line(invite!.content, 'DTSTART'));

    const detail = (await (await portal.request(`/api/work-orders/${id}`, { cookie: ben })).json()) as {
      workOrder: { status: string; schedule: unknown };
    };
    expect(detail.workOrder).toMatchObject({ status: 'Complete', schedule: null });
    const list = (await (await portal.request('/api/work-orders', { cookie: ben })).json()) as {
      workOrders: { id: number; schedule: unknown }[];
    };
    expect(list.workOrders.find((order) => order.id === id)!.schedule).toBeNull();
  });

  it('after the visit has taken place, completing it sends no calendar cancellation and the visit stays shown', async () => {
    const id = await insertOrder();
    await sql`UPDATE work_orders SET scheduled_date = current_date - 2, arrival_start = now() - interval '2 days',
      arrival_end = now() - interval '2 days' + interval '2 hours' WHERE id = ${id}`.execute(portal.db);
    await office(id, '/status', { status: 'Complete', from: 'In Progress' });
    const [completed] = await mailsAbout(id, 'work-order-status');
    expect(completed!.subject).toBe(`Your Work Order #${id} is now Complete`);
    expect(attachmentsOf(completed!)).toEqual([]);
    // The visit that took place stays on the customer's page.
    const detail = (await (await portal.request(`/api/work-orders/${id}`, { cookie: ben })).json()) as { workOrder: { schedule: unknown } };
    expect(detail.workOrder.schedule).not.toBeNull();
  });
});
