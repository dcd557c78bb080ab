import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOrderView, ContractView } from '../../../contracts/change-order-document';
import type { OfficeChangeOrder } from '../../../contracts/office/change-orders';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';
import { putSentQuoteWithSql } from '../../../tests/support/quotes';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { withOfficeScope } from '../../platform/db/office-scope';
import { CONSENT_VERSION } from '../../../contracts/signatures';
import { changeOrderApproval } from '../../../tests/support/change-orders';

/** Issue 24 items 5-6: change orders from the office's editor to the customer's signature, and the database's rules. */
let portal: TestPortal;
let office: string;
let ana: string;
let bob: string;
const ANA = 'ana.co@example.com';

const bathroom = {
  description: 'Bathroom remodel',
  lines: [
    { description: 'Demolition', quantity: '1', unitPrice: '500.00', key: 'demo' },
    { description: 'Tile', quantity: '10', unitPrice: '12.50', key: 'tile' },
    { description: 'Heated floor', quantity: '1', unitPrice: '300.00', optional: true, key: 'heat' },
  ],
  taxRate: '8.25',
};

/** A quote for Ana, approved by her through the API (required lines only): signed total 676.56. */
async function approvedQuote() {
  const quote = await putSentQuoteWithSql(portal.db, ANA, bathroom);
  const res = await portal.request(`/api/quotes/${quote.id}/approve`, {
    cookie: ana,
    body: { version: 1, signerName: 'Ana Ruiz', accepted: true, consent: { version: CONSENT_VERSION, locale: 'en', agreed: true } },
  });
  expect(res.status).toBe(201);
  return quote.id;
}

const json = async <T>(res: Response, status = 200): Promise<T> => {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
};

const farDay = '2099-01-31';
/** New change order on the quote, saved with the tile repriced and a line added, then sent. */
async function sentChangeOrder(
  quoteId: number,
  lines = [
    { key: 'demo', description: 'Demolition', quantity: '1', unitPrice: '500.00' },
    { key: 'tile', description: 'Tile', quantity: '10', unitPrice: '14.00' },
    { description: 'Drywall patch', quantity: '2', unitPrice: '40.00' },
  ],
) {
  const created = await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: office, method: 'POST' });
  const { id } = await json<{ id: number }>(created, created.status === 201 ? 201 : 200);
  await json(
    await portal.request(`/api/office/change-orders/${id}`, {
      cookie: office,
      body: { reason: 'Rotten subfloor', addedDays: 2, answerBy: farDay, lines },
    }),
  );
  return json<OfficeChangeOrder>(await portal.request(`/api/office/change-orders/${id}/send`, { cookie: office, method: 'POST' }));
}

const approve = (id: number, hash: string, cookie = ana) =>
  portal.request(`/api/change-orders/${id}/approve`, { cookie, body: changeOrderApproval(hash, 'en', 'Ana Ruiz') });

beforeAll(async () => {
  portal = await createTestPortal();
  office = (await createOfficeAccount(portal, 'office.co@company.example')).cookie;
  ana = await portal.signUp(ANA, { name: 'Ana Ruiz' });
  bob = await portal.signUp('bob.co@example.com', { name: 'Bob Lee' });
});
afterAll(() => portal?.close());

describe('the office writes and sends a change order', () => {
  it('starts from the contract as signed, prices what changed in cents, freezes it when sent and e-mails the customer', async () => {
    const quoteId = await approvedQuote();
    const created = await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: office, method: 'POST' });
    const { id } = await json<{ id: number }>(created, 201);
    const draft = await json<OfficeChangeOrder>(await portal.request(`/api/office/change-orders/${id}`, { cookie: office }));
    // Required lines only (the heated floor was not chosen).
    expect(draft.contractLines.map((l) => l.description)).toEqual(['Demolition', 'Tile']);
    expect(draft.contractTotal).toBe('676.56');
    expect(draft.changeOrder).toMatchObject({ number: 1, status: 'Draft', amount: '0.00' });

    const sent = await sentChangeOrder(quoteId);
    expect(sent.changeOrder.id).toBe(id);
    // 625.00 -> 720.00 (tile +15.00, drywall +80.00); tax 8.25 %: 676.56 -> 779.40.
    expect(sent.changeOrder).toMatchObject({
      status: 'Sent',
      number: 1,
      amount: '102.84',
      totalBefore: '676.56',
      totalAfter: '779.40',
      addedDays: 2,
      answerBy: farDay,
    });
    expect(sent.changeOrder.lines.map((l) => [l.change, l.description, l.lineTotal, l.old?.lineTotal ?? null])).toEqual([
      ['changed', 'Tile', '140.00', '125.00'],
      ['added', 'Drywall patch', '80.00', null],
    ]);
    expect(sent.changeOrder.contentHash).toMatch(/^[0-9a-f]{64}$/);

    await expect(
      sql`UPDATE change_order_lines SET unit_price = 1, line_total = 2 WHERE change_order_id = ${id}`.execute(portal.db),
    ).rejects.toThrow(/frozen/);
    await expect(sql`UPDATE change_orders SET reason = 'other' WHERE id = ${id}`.execute(portal.db)).rejects.toThrow(/frozen/);
    const resave = await portal.request(`/api/office/change-orders/${id}`, {
      cookie: office,
      body: { reason: 'x', addedDays: 0, answerBy: farDay, lines: [] },
    });
    expect(resave.status).toBe(409);

    const mail = await portal.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('kind', '=', 'change-order-sent')
      .where('to_address', '=', ANA)
      .execute();
    expect(mail.at(-1)!.subject).toBe(`Change Order 1 to Quote #${quoteId} from ${portal.config.company.name}`);
    expect(mail.at(-1)!.text_body).toContain('Contract total: $676.56 → $779.40');
    const actions = await portal.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'change-order')
      .where('entity_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create-change-order', 'save-change-order-draft', 'send-change-order']);
  });

  it('is e-mailed in Spanish to a Spanish-speaking customer', async () => {
    await sql`UPDATE "user" SET locale = 'es' WHERE email = ${ANA}`.execute(portal.db);
    try {
      const quoteId = await approvedQuote();
      await sentChangeOrder(quoteId);
      const mail = await portal.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('kind', '=', 'change-order-sent')
        .where('to_address', '=', ANA)
        .execute();
      expect(mail.at(-1)!.subject).toContain(`Orden de cambio 1 de la cotización #${quoteId}`);
      expect(mail.at(-1)!.text_body).toMatch(
        /Total del contrato: 676,56 US\$|Total del contrato: US\$\s?676,56|Total del contrato: \$676\.56/,
      );
    } finally {
      await sql`UPDATE "user" SET locale = 'en' WHERE email = ${ANA}`.execute(portal.db);
    }
  });

  it('is offered only on an approved quote, and on a work order made from one', async () => {
    const sentOnly = await putSentQuoteWithSql(portal.db, ANA, bathroom);
    const refused = await portal.request(`/api/office/quotes/${sentOnly.id}/change-orders`, { cookie: office, method: 'POST' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('quote_not_approved');

    const quoteId = await approvedQuote();
    const order = Number(
      (
        await sql<{
          id: number;
        }>`INSERT INTO work_orders (email, description, address, quote_id) VALUES (${ANA}, 'Bathroom', '1 Main St', ${quoteId}) RETURNING id`.execute(
          portal.db,
        )
      ).rows[0]!.id,
    );
    const { id } = await json<{ id: number }>(
      await portal.request(`/api/office/work-orders/${order}/change-orders`, { cookie: office, method: 'POST' }),
      201,
    );
    const again = await json<{ id: number }>(
      await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: office, method: 'POST' }),
    );
    expect(again.id).toBe(id); // one draft at a time: asking again opens it
    const fromOrder = await json<OfficeChangeOrder>(await portal.request(`/api/office/change-orders/${id}`, { cookie: office }));
    expect(fromOrder.workOrderId).toBe(order);
  });
});

describe('the Inbox', () => {
  it("offers 'New change order' on a revision request of an approved quote, not on one of a sent quote", async () => {
    const approvedId = await approvedQuote();
    const sentOnly = await putSentQuoteWithSql(portal.db, ANA, bathroom);
    for (const id of [approvedId, sentOnly.id]) {
      const res = await portal.request(`/api/quotes/${id}/revision-requests`, {
        cookie: ana,
        body: { message: 'Please add a heated floor.' },
      });
      expect(res.status).toBe(201);
    }
    const inbox = await json<{ entries: { kind: string; record: { id: number }; action?: string }[] }>(
      await portal.request('/api/office/inbox?limit=100', { cookie: office }),
    );
    const entryOf = (id: number) => inbox.entries.find((e) => e.kind === 'revision_request' && e.record.id === id);
    expect(entryOf(approvedId)?.action).toBe('new_change_order');
    expect(entryOf(sentOnly.id)).toBeDefined();
    expect(entryOf(sentOnly.id)?.action).toBeUndefined();
  });
});

describe('the customer answers', () => {
  it('sees it on the quote and the work order with what changed and the contract total, approves it, and the contract total moves', async () => {
    const quoteId = await approvedQuote();
    const order = Number(
      (
        await sql<{
          id: number;
        }>`INSERT INTO work_orders (email, description, address, quote_id) VALUES (${ANA}, 'Bathroom', '1 Main St', ${quoteId}) RETURNING id`.execute(
          portal.db,
        )
      ).rows[0]!.id,
    );
    // A draft is not shown to the customer.
    await json(await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: office, method: 'POST' }), 201);
    expect((await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }))).changeOrders).toEqual(
      [],
    );
    const sent = await sentChangeOrder(quoteId);

    const onQuote = await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }));
    const onOrder = await json<ContractView>(await portal.request(`/api/work-orders/${order}/change-orders`, { cookie: ana }));
    expect(onOrder).toEqual(onQuote);
    expect(onQuote.contractTotal).toBe('676.56');
    expect(onQuote.changeOrders[0]).toMatchObject({ status: 'Sent', totalBefore: '676.56', totalAfter: '779.40', outdated: false });

    const approved = await json<ChangeOrderView>(await approve(sent.changeOrder.id, sent.changeOrder.contentHash!), 201);
    expect(approved.status).toBe('Approved');
    expect(approved.decision).toMatchObject({ decision: 'Approved', signerName: 'Ana Ruiz', contentHash: sent.changeOrder.contentHash });
    expect((await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }))).contractTotal).toBe(
      '779.40',
    );
    const stored = (
      await sql<{
        ip: string | null;
        user_agent: string | null;
      }>`SELECT ip, user_agent FROM change_order_approvals WHERE change_order_id = ${sent.changeOrder.id}`.execute(portal.db)
    ).rows[0]!;
    expect(stored.ip).toBeTruthy();

    // Approved twice: refused.
    const twice = await approve(sent.changeOrder.id, sent.changeOrder.contentHash!);
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe('change_order_decided');

    // The next change order starts from the contract as changed.
    const { id } = await json<{ id: number }>(
      await portal.request(`/api/office/quotes/${quoteId}/change-orders`, { cookie: office, method: 'POST' }),
      201,
    );
    const next = await json<OfficeChangeOrder>(await portal.request(`/api/office/change-orders/${id}`, { cookie: office }));
    expect(next.contractLines.map((l) => [l.description, l.lineTotal])).toEqual([
      ['Demolition', '500.00'],
      ['Tile', '140.00'],
      ['Drywall patch', '80.00'],
    ]);
    expect(next.contractTotal).toBe('779.40');
  });

  it('declines with a reason; the office is e-mailed', async () => {
    const quoteId = await approvedQuote();
    const sent = await sentChangeOrder(quoteId);
    const declined = await json<ChangeOrderView>(
      await portal.request(`/api/change-orders/${sent.changeOrder.id}/decline`, { cookie: ana, body: { reason: 'Too expensive' } }),
      201,
    );
    expect(declined).toMatchObject({ status: 'Declined', decision: { decision: 'Declined', reason: 'Too expensive' } });
    const mail = await portal.db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'change-order-declined').execute();
    expect(mail.at(-1)!.text_body).toContain('Reason: Too expensive');
    expect((await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }))).contractTotal).toBe(
      '676.56',
    );
  });

  it('cannot approve after answer-by: Expired, and the database refuses it too', async () => {
    const quoteId = await approvedQuote();
    const sent = await sentChangeOrder(quoteId);
    // Time passes: the answer-by day is behind us (the freeze trigger is set aside for the test's hand only).
    await sql`ALTER TABLE change_orders DISABLE TRIGGER change_orders_rules`.execute(portal.db);
    await sql`UPDATE change_orders SET answer_by = current_date - 2 WHERE id = ${sent.changeOrder.id}`.execute(portal.db);
    await sql`ALTER TABLE change_orders ENABLE TRIGGER change_orders_rules`.execute(portal.db);
    const listed = await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }));
    expect(listed.changeOrders[0]!.status).toBe('Expired');
    const res = await approve(sent.changeOrder.id, sent.changeOrder.contentHash!);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('change_order_expired');
    await expect(
      withCustomerScope(portal.db, ANA, (trx) =>
        sql`UPDATE change_orders SET status = 'Approved' WHERE id = ${sent.changeOrder.id}`.execute(trx),
      ),
    ).rejects.toThrow(/expired/);
  });

  it('cannot approve a change order written against a contract another approved change order changed meanwhile', async () => {
    const quoteId = await approvedQuote();
    const first = await sentChangeOrder(quoteId);
    const second = await sentChangeOrder(quoteId, [
      { key: 'demo', description: 'Demolition', quantity: '1', unitPrice: '450.00' },
      { key: 'tile', description: 'Tile', quantity: '10', unitPrice: '12.50' },
    ]);
    expect(second.changeOrder.number).toBe(2);
    await json(await approve(first.changeOrder.id, first.changeOrder.contentHash!), 201);
    const listed = await json<ContractView>(await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: ana }));
    expect(listed.changeOrders[1]!.outdated).toBe(true);
    const res = await approve(second.changeOrder.id, second.changeOrder.contentHash!);
    expect(res.status).toBe(409);
    expect((await res.json()).error.code).toBe('contract_changed');
    // The database says the same whoever asks.
    await expect(
      withCustomerScope(portal.db, ANA, (trx) =>
        sql`UPDATE change_orders SET status = 'Approved' WHERE id = ${second.changeOrder.id}`.execute(trx),
      ),
    ).rejects.toThrow(/changed since/);
  });

  it('parallel approvals: of one change order exactly one wins; of two on one contract exactly one wins', async () => {
    const quoteId = await approvedQuote();
    const sent = await sentChangeOrder(quoteId);
    const results = await Promise.all([1, 2, 3].map(() => approve(sent.changeOrder.id, sent.changeOrder.contentHash!)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(
      Number(
        (
          await sql<{ n: number }>`SELECT count(*) AS n FROM change_order_approvals WHERE change_order_id = ${sent.changeOrder.id}`.execute(
            portal.db,
          )
        ).rows[0]!.n,
      ),
    ).toBe(1);

    const other = await approvedQuote();
    const a = await sentChangeOrder(other);
    const b = await sentChangeOrder(other);
    const both = await Promise.all([
      approve(a.changeOrder.id, a.changeOrder.contentHash!),
      approve(b.changeOrder.id, b.changeOrder.contentHash!),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const total = (await json<ContractView>(await portal.request(`/api/quotes/${other}/change-orders`, { cookie: ana }))).contractTotal;
    expect(total).toBe('779.40');
  });
});

describe('access', () => {
  it('a second customer can neither see nor answer another customer’s change order (server and row-level security)', async () => {
    const quoteId = await approvedQuote();
    const sent = await sentChangeOrder(quoteId);
    expect((await portal.request(`/api/quotes/${quoteId}/change-orders`, { cookie: bob })).status).toBe(404);
    expect((await approve(sent.changeOrder.id, sent.changeOrder.contentHash!, bob)).status).toBe(404);
    expect(
      (await portal.request(`/api/change-orders/${sent.changeOrder.id}/decline`, { cookie: bob, body: { reason: 'no' } })).status,
    ).toBe(404);
    const seen = await withCustomerScope(portal.db, 'bob.co@example.com', async (trx) => ({
      orders: (await sql`SELECT id FROM change_orders`.execute(trx)).rows.length,
      lines: (await sql`SELECT id FROM change_order_lines`.execute(trx)).rows.length,
      approvals: (await sql`SELECT id FROM change_order_approvals`.execute(trx)).rows.length,
    }));
    expect(seen).toEqual({ orders: 0, lines: 0, approvals: 0 });
    const changed = await withCustomerScope(portal.db, 'bob.co@example.com', (trx) =>
      sql`UPDATE change_orders SET status = 'Approved' WHERE id = ${sent.changeOrder.id} RETURNING id`.execute(trx),
    );
    expect(changed.rows).toEqual([]);
    expect((await portal.request(`/api/office/change-orders/${sent.changeOrder.id}`, { cookie: ana })).status).toBe(403);
  });

  it('the office cannot approve for the customer, nor edit or delete a sent change order', async () => {
    const quoteId = await approvedQuote();
    const sent = await sentChangeOrder(quoteId);
    await expect(
      withOfficeScope(portal.db, 'office.co@company.example', (trx) =>
        sql`UPDATE change_orders SET status = 'Approved' WHERE id = ${sent.changeOrder.id}`.execute(trx),
      ),
    ).rejects.toThrow(/only the customer/);
    await expect(
      withOfficeScope(portal.db, 'office.co@company.example', (trx) =>
        sql`DELETE FROM change_orders WHERE id = ${sent.changeOrder.id}`.execute(trx),
      ),
    ).rejects.toThrow(/frozen/);
    await expect(
      withOfficeScope(portal.db, 'office.co@company.example', (trx) =>
        sql`INSERT INTO change_order_approvals (change_order_id, decision, signer_name, content_hash) VALUES (${sent.changeOrder.id}, 'Approved', 'x', 'y')`.execute(
          trx,
        ),
      ),
    ).rejects.toThrow(/permission denied/);
  });
});
