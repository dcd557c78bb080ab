import { sql } from 'kysely';
import { sign } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentsOf, headersOf } from '../../platform/mail/attachments';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/** E-mails about work orders: to the customer in their language (with .ics and one-click opt-out), and to the office. */
let portal: TestPortal;
let staff: string;
let ben: string; // English
let ana: string; // Spanish

const insertOrder = async (email: string, status = 'Pending') =>
  Number(
    (
      await sql<{ id: number }>`INSERT INTO work_orders (email, description, address, status)
        VALUES (${email}, 'Techo con goteras', '7 Birch Lane', ${status}) RETURNING id`.execute(portal.db)
    ).rows[0]!.id,
  );
const office = async (id: number, path: string, body: unknown) => {
  const res = await portal.request(`/api/office/work-orders/${id}${path}`, { cookie: staff, body });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
};
const mailsTo = (to: string, kind?: string) => {
  let query = portal.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('id').execute();
};
const optOutLink = (text: string) => new URL(/https?:\/\/\S+\/api\/email-updates\/opt-out\?token=\S+/.exec(text)![0]);

beforeAll(async () => {
  portal = await createTestPortal();
  staff = (await createOfficeAccount(portal, 'sam@company.example', 'staff')).cookie;
  ana = await portal.signUp('ana@example.com', { name: 'Ana Ruiz' }); // her account speaks Spanish
  ben = await portal.signUp('ben@example.com', { name: 'Ben Lee' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = 'ana@example.com'`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('update e-mails to the customer', () => {
  it('status changed: in Spanish for a Spanish account, linking to the order, with a one-click opt-out header', async () => {
    const id = await insertOrder('Ana@example.com');
    await office(id, '/status', { status: 'In Progress' });
    const [mail] = await mailsTo('ana@example.com', 'work-order-status');
    expect(mail!.subject).toBe(`Su orden #${id} ahora está: En progreso`);
    expect(mail!.text_body).toContain(`Vea su orden: ${TEST_ORIGIN}/work-orders/${id}`);
    const link = optOutLink(mail!.text_body);
    // The link opens a page that asks (mail scanners open links): the footer says so, not 'one click'.
    expect(mail!.text_body).toContain(
      `Para dejar de recibirlos, abra este enlace y pulse 'Desactivar los avisos por correo': ${link.href}`,
    );
    expect(headersOf(mail!)).toEqual({ 'List-Unsubscribe': `<${link.href}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    await office(id, '/schedule', { date: '2027-01-15', from: '08:00', until: '10:30' });
    const [scheduled] = await mailsTo('ana@example.com', 'work-order-scheduled');
    expect(scheduled!.subject).toBe(`Su orden #${id} está programada: viernes, 15 de enero de 2027`);
    expect(scheduled!.text_body).toMatch(/Programada: viernes, 15 de enero de 2027, 8:00\sa\.\s?m\.–10:30\sa\.\s?m\. CST/);
    expect(attachmentsOf(scheduled!)[0]!.content).toContain(`SUMMARY:Northwind Builders (demo): visita\\, orden #${id}`);
  });

  it('scheduled and rescheduled: the .ics updates one event (same UID, higher SEQUENCE), times in UTC', async () => {
    const id = await insertOrder('ben@example.com');
    await office(id, '/schedule', { date: '2027-01-15', from: '08:00', until: '10:30' });
    await office(id, '/schedule', { date: '2027-03-14', from: '01:30', until: '03:00' });
    const [first, second] = await mailsTo('ben@example.com', 'work-order-scheduled');
    expect(first!.subject).toBe(`Your Work Order #${id} is scheduled: Friday, January 15, 2027`);
    expect(first!.text_body).toContain('Scheduled: Friday, January 15, 2027, 8:00 AM–10:30 AM CST');
    expect(first!.text_body).toMatch(
      /To stop them, open this link and press 'Turn off update e-mails': http:\/\/\S+\/api\/email-updates\/opt-out\?token=\S+$/,
    );
    expect(second!.subject).toBe(`New date for your Work Order #${id}: Sunday, March 14, 2027`);
    // Across the spring-forward change: 01:30 CST to 03:00 CDT.
    expect(second!.text_body).toContain('Scheduled: Sunday, March 14, 2027, 1:30 AM CST–3:00 AM CDT');

    const [ics1, ics2] = [first!, second!].map((m) => {
      const [file] = attachmentsOf(m);
      expect(file).toMatchObject({ filename: `work-order-${id}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' });
      return file!.content;
    });
    expect(ics1).toContain(`\r\nUID:work-order-${id}@localhost\r\n`);
    expect(ics1).toContain('\r\nDTSTART:20270115T140000Z\r\nDTEND:20270115T163000Z\r\n');
    expect(ics1).toContain('\r\nLOCATION:7 Birch Lane\r\n');
    expect(ics2).toContain(`\r\nUID:work-order-${id}@localhost\r\n`);
    expect(ics2).toContain('\r\nDTSTART:20270314T073000Z\r\nDTEND:20270314T080000Z\r\n');
    const sequence = (ics: string) => Number(/\r\nSEQUENCE:(\d+)\r\n/.exec(ics)![1]);
    expect(sequence(ics2!)).toBeGreaterThan(sequence(ics1!));
  });

  it('a cancelled visit: the status e-mail carries the reason and a calendar file that cancels the event', async () => {
    const id = await insertOrder('ben@example.com');
    await office(id, '/schedule', { date: '2027-02-01', from: '09:00', until: '11:00' });
    await office(id, '/status', { status: 'Cancelled', reason: 'Weather: we will call you' });
    const [mail] = await mailsTo('ben@example.com', 'work-order-status').then((rows) => rows.filter((r) => r.subject.includes(`#${id} `)));
    expect(mail!.subject).toBe(`Your Work Order #${id} is now Cancelled`);
    expect(mail!.text_body).toContain('Reason: Weather: we will call you');
    const [file] = attachmentsOf(mail!);
    expect(file!.content).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it("the customer's own cancel of a scheduled order takes the visit off their calendar (same UID, next SEQUENCE); the schedule line goes", async () => {
    const id = await insertOrder('ben@example.com');
    await office(id, '/schedule', { date: '2027-02-02', from: '09:00', until: '11:00' });
    expect((await (await portal.request(`/api/work-orders/${id}`, { cookie: ben })).json()) as { workOrder: unknown }).toMatchObject({
      workOrder: { schedule: { date: '2027-02-02', from: '09:00', until: '11:00' } },
    });
    const cancelled = await portal.request(`/api/work-orders/${id}/cancel`, { cookie: ben, body: {} });
    expect(cancelled.status).toBe(200);
    // No 'Scheduled: …' for a cancelled order: not in the cancel's answer, the order, nor the list.
    expect(((await cancelled.json()) as { schedule: unknown }).schedule).toBeNull();
    const detail = (await (await portal.request(`/api/work-orders/${id}`, { cookie: ben })).json()) as {
      workOrder: { schedule: unknown };
      timeline: { kind: string; schedule?: unknown }[];
    };
    expect(detail.workOrder.schedule).toBeNull();
    // The timeline keeps the history: the visit that was scheduled.
    expect(detail.timeline.find((e) => e.kind === 'schedule')).toMatchObject({ schedule: { date: '2027-02-02' } });
    const list = (await (await portal.request('/api/work-orders', { cookie: ben })).json()) as {
      workOrders: { id: number; schedule: unknown }[];
    };
    expect(list.workOrders.find((o) => o.id === id)!.schedule).toBeNull();

    const [scheduled] = (await mailsTo('ben@example.com', 'work-order-scheduled')).filter((m) => m.subject.includes(`#${id} `));
    const [mail] = (await mailsTo('ben@example.com', 'work-order-status')).filter((m) => m.subject.includes(`#${id}`));
    expect(mail!.subject).toBe(`You cancelled your Work Order #${id}`);
    expect(mail!.text_body).toContain('the visit on Tuesday, February 2, 2027, 9:00 AM–11:00 AM CST is off');
    const [file] = attachmentsOf(mail!);
    const [before] = attachmentsOf(scheduled!);
    const line = (ics: string, name: string) => new RegExp(`\\r\\n${name}:([^\\r]*)\\r\\n`).exec(ics)![1];
    expect(file!.content).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(line(file!.content, 'UID')).toBe(line(before!.content, 'UID'));
    expect(Number(line(file!.content, 'SEQUENCE'))).toBe(Number(line(before!.content, 'SEQUENCE')) + 1);
  });

  it("the customer's cancel: in Spanish for a Spanish account; no calendar e-mail without a visit or with updates off", async () => {
    const id = await insertOrder('ana@example.com');
    await office(id, '/schedule', { date: '2027-01-15', from: '08:00', until: '10:30' });
    expect((await portal.request(`/api/work-orders/${id}/cancel`, { cookie: ana, body: {} })).status).toBe(200);
    const [mail] = (await mailsTo('ana@example.com', 'work-order-status')).filter((m) => m.subject.includes(`#${id}`));
    expect(mail!.subject).toBe(`Canceló su orden #${id}`);
    expect(mail!.text_body).toMatch(/la visita del viernes, 15 de enero de 2027, 8:00\sa\.\s?m\.–10:30\sa\.\s?m\. CST ya no se hará/);
    expect(attachmentsOf(mail!)[0]!.content).toContain('\r\nSTATUS:CANCELLED\r\n');

    // Not scheduled: nothing to take off a calendar, no e-mail to the customer.
    const unscheduled = await insertOrder('ben@example.com');
    await portal.request(`/api/work-orders/${unscheduled}/cancel`, { cookie: ben, body: {} });
    expect((await mailsTo('ben@example.com')).some((m) => m.subject.includes(`#${unscheduled}`))).toBe(false);

    // Update e-mails off: none either.
    await portal.request('/api/profile/email-updates', { cookie: ben, body: { enabled: false } });
    const optedOut = await insertOrder('ben@example.com');
    await portal.db
      .updateTable('work_orders')
      .set({ scheduled_date: '2027-01-15', arrival_start: new Date('2027-01-15T14:00:00Z'), arrival_end: new Date('2027-01-15T16:30:00Z') })
      .where('id', '=', optedOut)
      .execute();
    expect((await portal.request(`/api/work-orders/${optedOut}/cancel`, { cookie: ben, body: {} })).status).toBe(200);
    expect((await mailsTo('ben@example.com')).some((m) => m.subject.includes(`#${optedOut}`))).toBe(false);
    await portal.request('/api/profile/email-updates', { cookie: ben, body: { enabled: true } });
  });

  it('a visible note is e-mailed, an internal one never', async () => {
    const id = await insertOrder('ben@example.com');
    await office(id, '/notes', { body: 'Internal: check the invoice' });
    await office(id, '/notes', { body: 'Please keep the dog inside.', visibleToCustomer: true });
    const notes = await mailsTo('ben@example.com', 'work-order-note');
    expect(notes.map((m) => m.subject)).toEqual([`A note on your Work Order #${id}`]);
    expect(notes[0]!.text_body).toContain('Please keep the dog inside.');
    const everything = (await portal.db.selectFrom('mail_outbox').select('text_body').execute()).map((m) => m.text_body).join('\n');
    expect(everything).not.toContain('check the invoice');
  });

  it('goes to no one for an order of an address without a portal account', async () => {
    const id = await insertOrder('walk-in@example.com');
    await office(id, '/status', { status: 'In Progress' });
    expect(await mailsTo('walk-in@example.com')).toEqual([]);
  });

  it('is kept in the outbox while mail is down and delivered once it is back', async () => {
    const id = await insertOrder('ben@example.com');
    portal.mail.setFailing(true);
    await office(id, '/notes', { body: 'Mail is down now.', visibleToCustomer: true });
    await portal.runtime.mail.drain();
    const [queued] = (await mailsTo('ben@example.com', 'work-order-note')).filter((m) => m.text_body.includes('Mail is down now.'));
    expect(queued).toMatchObject({ sent_at: null, attempts: 1 });
    portal.mail.setFailing(false);
    await portal.db.updateTable('mail_outbox').set({ next_attempt_at: new Date() }).where('id', '=', queued!.id).execute();
    await portal.runtime.mail.drain();
    expect(portal.mail.sent.filter((m) => m.id === queued!.id)).toHaveLength(1);
  });
});

describe("'E-mail me about updates'", () => {
  it('is on by default, turned off and on from the Profile, and honoured', async () => {
    const cara = await portal.signUp('cara@example.com');
    const profile = async () => (await (await portal.request('/api/profile', { cookie: cara })).json()) as { emailUpdates: boolean };
    expect((await profile()).emailUpdates).toBe(true);
    const off = await portal.request('/api/profile/email-updates', { cookie: cara, body: { enabled: false } });
    expect(await off.json()).toEqual({ emailUpdates: false });
    expect((await profile()).emailUpdates).toBe(false);
    const id = await insertOrder('cara@example.com');
    await office(id, '/status', { status: 'In Progress' });
    await office(id, '/schedule', { date: '2027-01-20', from: '08:00', until: '09:00' });
    expect(await mailsTo('cara@example.com')).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ kind: expect.stringMatching(/^work-order/) })]),
    );
    await portal.request('/api/profile/email-updates', { cookie: cara, body: { enabled: true } });
    await office(id, '/status', { status: 'Complete' });
    expect((await mailsTo('cara@example.com', 'work-order-status')).map((m) => m.subject)).toEqual([
      `Your Work Order #${id} is now Complete`,
    ]);
    expect((await portal.request('/api/profile/email-updates', { cookie: cara, body: { enabled: 'no' } })).status).toBe(400);
  });

  it("the e-mail's link: GET asks and changes nothing; POST (one-click, no session, no origin) turns update e-mails off", async () => {
    const dan = await portal.signUp('dan@example.com');
    await sql`UPDATE "user" SET locale = 'es' WHERE email = 'dan@example.com'`.execute(portal.db);
    const id = await insertOrder('dan@example.com');
    await office(id, '/status', { status: 'In Progress' });
    const link = optOutLink((await mailsTo('dan@example.com', 'work-order-status'))[0]!.text_body);
    const preference = async () =>
      (await portal.db.selectFrom('customers').select('email_updates').where('email', '=', 'dan@example.com').executeTakeFirstOrThrow())
        .email_updates;

    const page = await portal.request(link.pathname + link.search, { headers: { origin: '' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('¿Dejar de recibir correos sobre sus cotizaciones y órdenes?');
    expect(html).toContain('<form method="post"');
    expect(await preference()).toBe(true);

    const oneClick = await portal.request(link.pathname + link.search, {
      method: 'POST',
      headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Los avisos por correo están desactivados.');
    expect(await preference()).toBe(false);
    expect(((await (await portal.request('/api/profile', { cookie: dan })).json()) as { emailUpdates: boolean }).emailUpdates).toBe(false);
    await office(id, '/status', { status: 'Complete' });
    expect(await mailsTo('dan@example.com', 'work-order-status')).toHaveLength(1);
  });

  it('refuses a forged or altered link, and a token signed for another purpose', async () => {
    const { id } = await portal.db.selectFrom('customers').select('id').where('email', '=', 'ben@example.com').executeTakeFirstOrThrow();
    const otherPurpose = await sign({ sub: String(id), aud: 'something-else' }, 'test-secret-'.padEnd(40, 'x'), 'HS256');
    const wrongKey = await sign({ sub: String(id), aud: 'portal:email-updates-opt-out' }, 'another-secret-'.padEnd(40, 'y'), 'HS256');
    for (const token of ['made.up.token', otherPurpose, wrongKey, '']) {
      const res = await portal.request(`/api/email-updates/opt-out?token=${encodeURIComponent(token)}`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This link is not valid.');
    }
    const ben = await portal.db.selectFrom('customers').select('email_updates').where('id', '=', id).executeTakeFirstOrThrow();
    expect(ben.email_updates).toBe(true);
  });
});

describe('e-mails to the office', () => {
  it('a new work request and an order cancelled by the customer, to COMPANY_EMAIL, replying to the customer', async () => {
    const res = await portal.request('/api/work-orders', { cookie: ben, body: { address: '9 Pine Road', description: 'Fence\nis down' } });
    const { id } = (await res.json()) as { id: number };
    expect((await portal.request(`/api/work-orders/${id}/cancel`, { cookie: ben, body: {} })).status).toBe(200);
    const mails = await mailsTo(portal.config.company.email);
    const request = mails.find((m) => m.kind === 'office-work-request' && m.subject.includes(`#${id} `))!;
    expect(request).toMatchObject({ reply_to: 'ben@example.com', subject: `New work request #${id} from Ben Lee` });
    expect(request.text_body).toContain('Fence\nis down');
    expect(request.text_body).toContain(`${TEST_ORIGIN}/office/work-orders/${id}`);
    expect(mails.find((m) => m.kind === 'office-order-cancelled' && m.subject.includes(`#${id} `))).toMatchObject({
      reply_to: 'ben@example.com',
      subject: `Work Order #${id} cancelled by Ben Lee`,
    });
    // The customer cancelled it: no update e-mail to the customer about their own action.
    expect((await mailsTo('ben@example.com', 'work-order-status')).some((m) => m.subject.includes(`#${id} `))).toBe(false);
  });
});
