import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BalanceDue, CustomerInvoice, CustomerInvoiceList } from '../../../contracts/customer/invoices';
import type { QuoteDecided } from '../../../contracts/customer/quotes';
import type { OfficeInvoice, OfficeInvoicePage, WorkOrderInvoicing } from '../../../contracts/office/invoices';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { recordPayment } from './record-payment';
import { sendInvoiceReminders } from './send-invoice-reminders';

/** Issue 25: invoices from a signed quote to a paid job, and what the database holds to. */
let portal: TestPortal;
let office: string;
let ana: string;
let bob: string;
const ANA = 'ana.inv@example.com';
const LUIS = 'luis.inv@example.com';
let luis: string;

const bathroom = (depositPercent = 0) => ({
  description: 'Bathroom remodel',
  lines: [
    { description: 'Demolition', quantity: '1', unitPrice: '500.00' },
    { description: 'Tile', quantity: '10', unitPrice: '12.50' },
  ],
  taxRate: '8.25',
  depositPercent,
});

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};
const code = async (res: Response, status: number) => {
  const body = (await res.json()) as { code?: string; error?: { code: string } };
  expect(res.status).toBe(status);
  return body.error?.code ?? body.code;
};

/** A quote approved through the API (signed total 676.56) and a work order made from it. */
async function approvedJob(email = ANA, cookie = ana, depositPercent = 0, locale: 'en' | 'es' = 'en') {
  const quote = await putSentQuoteWithSql(portal.db, email, bathroom(depositPercent));
  const decided = await json<QuoteDecided>(
    await portal.request(`/api/quotes/${quote.id}/approve`, {
      cookie,
      body: { version: 1, signerName: 'Signer', accepted: true, consent: { version: CONSENT_VERSION, locale, agreed: true } },
    }),
    201,
  );
  const { rows } = await sql<{ id: number }>`
    INSERT INTO work_orders (email, description, address, quote_id) VALUES (${email}, 'Bathroom', '1 Main St', ${quote.id}) RETURNING id`.execute(
    portal.db,
  );
  return { quoteId: quote.id, workOrderId: Number(rows[0]!.id), decided };
}

const create = (workOrderId: number, body: unknown) =>
  portal.request(`/api/office/work-orders/${workOrderId}/invoices`, { cookie: office, body });
const send = (id: number) => portal.request(`/api/office/invoices/${id}/send`, { cookie: office, method: 'POST' });
const pay = (id: number, amount: string, method = 'check') =>
  portal.request(`/api/office/invoices/${id}/payments`, {
    cookie: office,
    body: { amount, receivedOn: '2026-11-20', method, reference: 'Check 1042' },
  });

async function sentInvoice(workOrderId: number, body: unknown) {
  const draft = await json<OfficeInvoice>(await create(workOrderId, body), 201);
  return json<OfficeInvoice>(await send(draft.id));
}

const outbox = (kind: string, to: string) =>
  portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', kind).where('to_address', '=', to).orderBy('id').execute();

beforeAll(async () => {
  portal = await createTestPortal({ INVOICE_DUE_DAYS: '14' });
  office = (await createOfficeAccount(portal, 'office.inv@company.example')).cookie;
  ana = await portal.signUp(ANA, { name: 'Ana Ruiz' });
  bob = await portal.signUp('bob.inv@example.com', { name: 'Bob Lee' });
  luis = await portal.signUp(LUIS, { name: 'Luis Gómez' });
  await sql`UPDATE "user" SET locale = 'es' WHERE email = ${LUIS}`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('deposit at approval', () => {
  it('creates and sends the deposit invoice in the approval, e-mailed in the signer language', async () => {
    const { decided, quoteId, workOrderId } = await approvedJob(LUIS, luis, 30, 'es');
    expect(decided.depositInvoiceId).toEqual(expect.any(Number));
    const invoice = await json<CustomerInvoice>(await portal.request(`/api/invoices/${decided.depositInvoiceId}`, { cookie: luis }));
    // 30 % of 676.56 = 202.968 -> 202.97; tax part of 8.25 %: 202.97 - round(202.97 / 1.0825, 2) = 202.97 - 187.50.
    expect(invoice).toMatchObject({
      kind: 'deposit',
      status: 'Sent',
      total: '202.97',
      subtotal: '187.50',
      tax: '15.47',
      balanceDue: '202.97',
    });
    expect(invoice.number).toMatch(/^INV-\d{4}$/);
    expect(invoice.lines).toEqual([{ position: 1, description: `Depósito: 30 % de la cotización #${quoteId}`, amount: '187.50' }]);
    const [mail] = await outbox('invoice-sent', LUIS);
    expect(mail!.subject).toBe(`Factura ${invoice.number} de ${portal.config.company.name}`);
    expect(mail!.text_body).toContain('Saldo pendiente: $202.97');
    const balance = await json<BalanceDue>(await portal.request('/api/invoices/balance-due', { cookie: luis }));
    expect(balance).toEqual({ balanceDue: '202.97', overdue: false });
    // The work order made from the quote lists the deposit with its own invoices, and counts it.
    const invoicing = (await (await portal.request(`/api/office/work-orders/${workOrderId}/invoices`, { cookie: office })).json()) as {
      invoiced: string;
      invoices: Array<{ id: number }>;
    };
    expect(invoicing.invoiced).toBe('202.97');
    expect(invoicing.invoices.map((i) => i.id)).toEqual([decided.depositInvoiceId]);
  });

  it('makes none without a deposit', async () => {
    const { decided } = await approvedJob();
    expect(decided.depositInvoiceId).toBeNull();
  });
});

describe('the office invoices a work order', () => {
  it('numbers on sending without gaps, freezes, and never invoices past the contract total', async () => {
    const { workOrderId, quoteId } = await approvedJob();
    const draft = await json<OfficeInvoice>(
      await create(workOrderId, { kind: 'progress', description: 'Demolition done', percent: '50' }),
      201,
    );
    expect(draft).toMatchObject({ status: 'Draft', number: null, total: '338.28', quoteId });
    // Ana never sees a draft.
    expect(await code(await portal.request(`/api/invoices/${draft.id}`, { cookie: ana }), 404)).toBe('not_found');

    const last = await sql<{ n: number }>`SELECT last_number AS n FROM invoice_numbers`.execute(portal.db);
    const sent = await json<OfficeInvoice>(await send(draft.id));
    expect(sent.number).toBe(`INV-${String(Number(last.rows[0]!.n) + 1).padStart(4, '0')}`);
    expect(sent.status).toBe('Sent');
    expect(sent.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await outbox('invoice-sent', ANA)).at(-1)!.subject).toContain(sent.number!);

    // Frozen: figures, lines and the row itself.
    await expect(sql`UPDATE invoices SET total = 1, subtotal = 1, tax = 0 WHERE id = ${sent.id}`.execute(portal.db)).rejects.toThrow(
      /frozen/,
    );
    await expect(sql`UPDATE invoice_lines SET description = 'x' WHERE invoice_id = ${sent.id}`.execute(portal.db)).rejects.toThrow(
      /issued/,
    );
    await expect(sql`DELETE FROM invoices WHERE id = ${sent.id}`.execute(portal.db)).rejects.toThrow(/never deleted/);
    expect(await code(await send(sent.id), 409)).toBe('invoice_not_draft');

    // 676.56 - 338.28 remain: 400.00 is refused by the API and by the database.
    expect(await code(await create(workOrderId, { kind: 'progress', description: 'Tile', amount: '400' }), 409)).toBe('over_invoiced');
    await expect(
      sql`INSERT INTO invoices (email, quote_id, kind, subtotal, tax, total) VALUES (${ANA}, ${quoteId}, 'progress', 400, 0, 400)`.execute(
        portal.db,
      ),
    ).rejects.toThrow(/contract total/);

    const final = await sentInvoice(workOrderId, { kind: 'final' });
    expect(final).toMatchObject({ kind: 'final', total: '338.28' });
    const position = await json<WorkOrderInvoicing>(
      await portal.request(`/api/office/work-orders/${workOrderId}/invoices`, { cookie: office }),
    );
    expect(position).toMatchObject({ contractTotal: '676.56', invoiced: '676.56', remaining: '0.00' });
    expect(await code(await create(workOrderId, { kind: 'final' }), 409)).toBe('nothing_to_invoice');

    // Void (with a reason) gives its amount back to the contract; the number stays taken.
    const voided = await json<OfficeInvoice>(
      await portal.request(`/api/office/invoices/${final.id}/void`, { cookie: office, body: { reason: 'Wrong amount' } }),
    );
    expect(voided).toMatchObject({ status: 'Void', voidReason: 'Wrong amount', balanceDue: '0.00', number: final.number });
    expect(await code(await pay(final.id, '1.00'), 409)).toBe('invoice_not_payable');
    const again = await json<OfficeInvoice>(await create(workOrderId, { kind: 'final', description: 'Balance' }), 201);
    expect(again.total).toBe('338.28');
    await json(await portal.request(`/api/office/invoices/${again.id}/discard`, { cookie: office, method: 'POST' }));

    const audit = await portal.db.selectFrom('audit_log').select('action').where('entity', '=', 'invoice').execute();
    expect(new Set(audit.map((a) => a.action))).toEqual(new Set(['create-invoice', 'send-invoice', 'void-invoice', 'discard-invoice']));
  });

  it('gives a rolled-back number back and two issuers at once consecutive numbers', async () => {
    const { workOrderId } = await approvedJob();
    const a = await json<OfficeInvoice>(await create(workOrderId, { kind: 'progress', description: 'A', amount: '10' }), 201);
    const b = await json<OfficeInvoice>(await create(workOrderId, { kind: 'progress', description: 'B', amount: '10' }), 201);
    const before = Number((await sql<{ n: number }>`SELECT last_number AS n FROM invoice_numbers`.execute(portal.db)).rows[0]!.n);
    await expect(
      portal.db.transaction().execute(async (trx) => {
        await sql`UPDATE invoices SET status = 'Sent', due_date = '2099-01-01' WHERE id = ${a.id}`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [sa, sb] = await Promise.all([send(a.id), send(b.id)]);
    const numbers = [(await json<OfficeInvoice>(sa)).number, (await json<OfficeInvoice>(sb)).number].sort();
    const n = (k: number) => `INV-${String(before + k).padStart(4, '0')}`;
    expect(numbers).toEqual([n(1), n(2)]);
  });
});

describe('payments and refunds', () => {
  it('keeps the balance, the status and receipts in the customer language', async () => {
    const { workOrderId } = await approvedJob(LUIS, luis);
    const invoice = await sentInvoice(workOrderId, { kind: 'progress', description: 'Primer pago', amount: '300' });
    const partly = await json<OfficeInvoice>(await pay(invoice.id, '100'));
    expect(partly).toMatchObject({ status: 'Partially Paid', amountPaid: '100.00', balanceDue: '200.00' });
    expect(await code(await pay(invoice.id, '200.01'), 409)).toBe('payment_above_balance');
    await expect(
      sql`INSERT INTO payments (invoice_id, amount, method) VALUES (${invoice.id}, 500, 'cash')`.execute(portal.db),
    ).rejects.toMatchObject({ code: '23514', hint: 'payment_above_balance' });
    const paid = await json<OfficeInvoice>(await pay(invoice.id, '200', 'bank_transfer'));
    expect(paid).toMatchObject({ status: 'Paid', balanceDue: '0.00' });
    const receipts = await outbox('invoice-receipt', LUIS);
    expect(receipts.map((m) => m.subject)).toEqual([
      `Recibo de su pago de la factura ${invoice.number}`,
      `Recibo de su pago de la factura ${invoice.number}`,
    ]);
    expect(receipts[1]!.text_body).toContain('Forma de pago: Transferencia bancaria');

    const first = paid.payments[0]!;
    const refund = (body: unknown) => portal.request(`/api/office/invoices/${invoice.id}/refunds`, { cookie: office, body });
    expect(await code(await refund({ paymentId: first.id, amount: '100.01', receivedOn: '2026-11-21' }), 409)).toBe('refund_above_payment');
    const refunded = await json<OfficeInvoice>(await refund({ paymentId: first.id, amount: '40', receivedOn: '2026-11-21' }));
    expect(refunded).toMatchObject({ status: 'Partially Paid', amountPaid: '260.00', balanceDue: '40.00' });
    expect((await outbox('invoice-refund', LUIS))[0]!.subject).toBe(`Reembolso de la factura ${invoice.number}`);
    expect(
      await code(await portal.request(`/api/office/invoices/${invoice.id}/void`, { cookie: office, body: { reason: 'x' } }), 409),
    ).toBe('invoice_has_payments');
    // Insert-only.
    await expect(sql`UPDATE payments SET amount = 1 WHERE id = ${first.id}`.execute(portal.db)).rejects.toThrow(/never changed/);
    await expect(sql`DELETE FROM payments WHERE id = ${first.id}`.execute(portal.db)).rejects.toThrow(/never changed/);

    const seen = await json<CustomerInvoice>(await portal.request(`/api/invoices/${invoice.id}`, { cookie: luis }));
    expect(seen.payments.map((p) => [p.amount, p.refundedPaymentId])).toEqual([
      ['100.00', null],
      ['200.00', null],
      ['40.00', first.id],
    ]);
  });

  it('records a provider event once, however often it is delivered', async () => {
    const { workOrderId } = await approvedJob();
    const invoice = await sentInvoice(workOrderId, { kind: 'progress', description: 'Online', amount: '50' });
    const meta = { actor: 'stripe', ip: null, userAgent: null };
    const input = { invoiceId: invoice.id, amount: '20.00', method: 'online' as const, provider: 'stripe', providerEventId: 'evt_1' };
    const deps = { config: portal.config };
    const first = await portal.db.transaction().execute((trx) => recordPayment(trx, meta, input, deps));
    const second = await portal.db.transaction().execute((trx) => recordPayment(trx, meta, input, deps));
    expect(first).toMatchObject({ created: true, balanceDue: '30.00', status: 'Partially Paid' });
    expect(second).toMatchObject({ created: false, paymentId: first.paymentId, balanceDue: '30.00' });
    await expect(
      portal.db.transaction().execute((trx) => recordPayment(trx, meta, { ...input, providerEventId: 'evt_2', amount: '30.01' }, deps)),
    ).rejects.toMatchObject({ code: 'payment_above_balance' });
  });
});

describe('void', () => {
  it('e-mails the customer that the invoice was voided and why, in their language; a refused void or a discard e-mails nothing', async () => {
    const english = await sentInvoice((await approvedJob()).workOrderId, { kind: 'progress', description: 'Tile', amount: '100' });
    const { workOrderId } = await approvedJob(LUIS, luis);
    const spanish = await sentInvoice(workOrderId, { kind: 'progress', description: 'Azulejos', amount: '120' });
    const voidIt = (id: number, reason: string) => portal.request(`/api/office/invoices/${id}/void`, { cookie: office, body: { reason } });
    const mine = async (to: string, number: string) => (await outbox('invoice-void', to)).filter((m) => m.subject.includes(number));

    await json(await voidIt(english.id, 'Billed twice:\nsee INV-0001'));
    expect(await mine(ANA, english.number!)).toMatchObject([
      {
        subject: `Invoice ${english.number} from ${portal.config.company.name} was voided`,
        reply_to: portal.config.company.email,
      },
    ]);
    const [en] = await mine(ANA, english.number!);
    expect(en!.text_body).toContain(`voided invoice ${english.number} ($100.00). You do not need to pay it.`);
    expect(en!.text_body).toContain('Reason: Billed twice: see INV-0001');
    expect(en!.text_body).toContain(`/invoices/${english.id}`);

    await json(await voidIt(spanish.id, 'Precio equivocado'));
    const [es] = await mine(LUIS, spanish.number!);
    expect(es!.subject).toBe(`La factura ${spanish.number} de ${portal.config.company.name} fue anulada`);
    expect(es!.text_body).toContain(`anuló la factura ${spanish.number} ($120.00). No tiene que pagarla.`);
    expect(es!.text_body).toContain('Motivo: Precio equivocado');

    // Voided once: a second void is refused and sends nothing more.
    expect(await code(await voidIt(spanish.id, 'Again'), 409)).toBe('invoice_void');
    expect(await mine(LUIS, spanish.number!)).toHaveLength(1);
    // With a payment on it, the void is refused: nothing is sent.
    const paid = await sentInvoice(workOrderId, { kind: 'progress', description: 'Grout', amount: '50' });
    await json(await pay(paid.id, '10'));
    expect(await code(await voidIt(paid.id, 'Too late'), 409)).toBe('invoice_has_payments');
    expect(await mine(LUIS, paid.number!)).toEqual([]);
    // A draft is discarded, never voided, and the customer never heard of it.
    const before = (await outbox('invoice-void', LUIS)).length;
    const draft = await json<OfficeInvoice>(await create(workOrderId, { kind: 'progress', description: 'Draft', amount: '5' }), 201);
    await json(await portal.request(`/api/office/invoices/${draft.id}/discard`, { cookie: office, method: 'POST' }));
    expect(await outbox('invoice-void', LUIS)).toHaveLength(before);
  });
});

describe('reminders', () => {
  it('recalls an unpaid invoice when due and 7 days later, once each, never after payment', async () => {
    const { workOrderId } = await approvedJob();
    const invoice = await sentInvoice(workOrderId, { kind: 'progress', description: 'Reminded', amount: '20' });
    const paidOne = await sentInvoice(workOrderId, { kind: 'progress', description: 'Paid', amount: '20' });
    await json(await pay(paidOne.id, '20'));
    const day = (d: string, days: number) => new Date(Date.parse(`${d}T18:00:00Z`) + days * 86_400_000);
    const deps = { config: portal.config };
    const mine = (sent: { id: number }[]) => sent.filter((s) => s.id === invoice.id || s.id === paidOne.id);

    expect(mine(await sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, -1)))).toEqual([]);
    const [a, b] = await Promise.all([
      sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, 0)),
      sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, 0)),
    ]);
    expect([...mine(a), ...mine(b)]).toEqual([{ id: invoice.id, reminder: 1 }]);
    expect(mine(await sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, 6)))).toEqual([]);
    expect(mine(await sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, 7)))).toEqual([{ id: invoice.id, reminder: 2 }]);
    expect(mine(await sendInvoiceReminders(portal.db, deps, day(invoice.dueDate!, 30)))).toEqual([]);
    const reminders = (await outbox('invoice-reminder', ANA)).filter((m) => m.subject.includes(invoice.number!));
    expect(reminders.map((m) => m.subject)).toEqual([
      `Reminder: invoice ${invoice.number} is due`,
      `Reminder: invoice ${invoice.number} is overdue`,
    ]);
  });
});

describe('who sees what', () => {
  it('shows a customer their issued invoices only, the office all with Overdue and totals', async () => {
    const { workOrderId, quoteId } = await approvedJob();
    const open = await sentInvoice(workOrderId, { kind: 'progress', description: 'Open', amount: '25' });
    // An overdue one: issued by hand with a due date in the past.
    const { rows } = await sql<{ id: number }>`
      INSERT INTO invoices (email, quote_id, work_order_id, kind, subtotal, tax, total, due_date)
      VALUES (${ANA}, ${quoteId}, ${workOrderId}, 'progress', 30, 0, 30, '2020-01-01') RETURNING id`.execute(portal.db);
    const overdueId = Number(rows[0]!.id);
    await sql`INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES (${overdueId}, 1, 'Late', 30)`.execute(
      portal.db,
    );
    await sql`UPDATE invoices SET status = 'Sent' WHERE id = ${overdueId}`.execute(portal.db);

    const list = await json<CustomerInvoiceList>(await portal.request('/api/invoices', { cookie: ana }));
    expect(list.invoices.find((i) => i.id === overdueId)).toMatchObject({ overdue: true, status: 'Sent', balanceDue: '30.00' });
    expect(list.invoices.find((i) => i.id === open.id)).toMatchObject({ overdue: false });
    expect(await code(await portal.request(`/api/invoices/${open.id}`, { cookie: bob }), 404)).toBe('not_found');
    expect((await json<CustomerInvoiceList>(await portal.request('/api/invoices', { cookie: bob }))).invoices).toEqual([]);
    expect(await code(await portal.request('/api/office/invoices', { cookie: ana }), 403)).toBeDefined();

    const overdue = await json<OfficeInvoicePage>(await portal.request('/api/office/invoices?status=Overdue', { cookie: office }));
    expect(overdue.invoices.map((i) => i.id)).toContain(overdueId);
    expect(overdue.invoices.every((i) => i.overdue)).toBe(true);
    expect(Number(overdue.totals.overdue)).toBeGreaterThanOrEqual(30);
    const byNumber = await json<OfficeInvoicePage>(
      await portal.request(`/api/office/invoices?q=${encodeURIComponent(open.number!.toLowerCase())}`, { cookie: office }),
    );
    expect(byNumber.invoices.map((i) => i.id)).toEqual([open.id]);
    const byName = await json<OfficeInvoicePage>(await portal.request('/api/office/invoices?q=ana%20ruiz&limit=2', { cookie: office }));
    expect(byName.invoices).toHaveLength(2);
    expect(byName.nextCursor).not.toBeNull();
    const next = await json<OfficeInvoicePage>(
      await portal.request(`/api/office/invoices?q=ana%20ruiz&limit=2&after=${byName.nextCursor}`, { cookie: office }),
    );
    expect(next.invoices.map((i) => i.id).some((id) => byName.invoices.some((r) => r.id === id))).toBe(false);
  });
});
