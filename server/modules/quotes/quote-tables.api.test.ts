import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { putSentQuoteWithSql, sendVersionWithSql } from '../../../tests/support/quotes';
import { withCustomerScope } from '../../platform/db/customer-scope';

/** The quote documents in the database (migrations 031-033): what it keeps, refuses and shows, whoever writes. */
let portal: TestPortal;
const run = (query: ReturnType<typeof sql>) => query.execute(portal.db);

beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const deck = {
  lines: [
    { description: 'Boards', quantity: '20', unitPrice: '12.50' },
    { description: 'Stain', quantity: '2', unitPrice: '35.00', optional: true },
  ],
  taxRate: '8.25',
};

describe('quote tables', () => {
  it('hold the spec’s columns', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name IN ('quote_versions', 'quote_line_items', 'quote_approvals', 'quotes')`.execute(
      portal.db,
    );
    const columns = (table: string) => rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    expect(columns('quote_versions')).toEqual(
      expect.arrayContaining([
        'quote_id',
        'version',
        'subtotal',
        'tax_rate',
        'tax',
        'total',
        'valid_until',
        'terms',
        'created_at',
        'created_by',
        'sent_at',
        'content_hash',
      ]),
    );
    expect(columns('quote_line_items')).toEqual(
      expect.arrayContaining(['id', 'quote_id', 'version', 'position', 'description', 'quantity', 'unit_price', 'line_total', 'optional']),
    );
    expect(columns('quote_approvals')).toEqual(
      expect.arrayContaining([
        'id',
        'quote_id',
        'version',
        'decision',
        'signer_name',
        'reason',
        'optional_item_ids',
        'total',
        'decided_at',
        'ip',
        'user_agent',
        'content_hash',
      ]),
    );
    expect(columns('quotes')).toEqual(expect.arrayContaining(['current_version', 'valid_until', 'viewed_at']));
  });

  it('check each line total and the tax as PostgreSQL rounds them', async () => {
    const { id } = await putSentQuoteWithSql(portal.db, 'rules@example.com', deck);
    const v = await portal.db.selectFrom('quote_versions').selectAll().where('quote_id', '=', id).executeTakeFirstOrThrow();
    expect([v.subtotal, v.tax, v.total]).toEqual(['250.00', '20.63', '270.63']);
    await run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 2)`);
    await expect(
      run(sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total)
        VALUES (${id}, 2, 1, 'k', 'Boards', 2.5, 10.01, 25.02)`),
    ).rejects.toThrow(/quote_line_items_total_rule/);
    await expect(
      run(sql`UPDATE quote_versions SET subtotal = 10, tax = 0.82, total = 10.82, tax_rate = 8.25 WHERE quote_id = ${id} AND version = 2`),
    ).rejects.toThrow(/quote_versions_tax_rule/);
    await run(
      sql`UPDATE quote_versions SET subtotal = 10, tax = 0.83, total = 10.83, tax_rate = 8.25 WHERE quote_id = ${id} AND version = 2`,
    );
    // Sending it with a subtotal that is not the sum of its lines is refused.
    await expect(
      run(
        sql`UPDATE quote_versions SET sent_at = now(), valid_until = '2099-01-01', content_hash = ${'a'.repeat(64)} WHERE quote_id = ${id} AND version = 2`,
      ),
    ).rejects.toThrow(/not the sum of its required lines/);
  });

  it('freeze a sent version and its lines; a draft stays editable', async () => {
    const { id, ids } = await putSentQuoteWithSql(portal.db, 'frozen@example.com', deck);
    for (const change of [
      sql`UPDATE quote_versions SET terms = 'changed' WHERE quote_id = ${id}`,
      sql`DELETE FROM quote_versions WHERE quote_id = ${id}`,
      sql`UPDATE quote_line_items SET description = 'Cedar' WHERE id = ${ids[0]!}`,
      sql`DELETE FROM quote_line_items WHERE id = ${ids[1]!}`,
      sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total)
            VALUES (${id}, 1, 3, 'new', 'Nails', 1, 5, 5)`,
    ]) {
      await expect(run(change)).rejects.toThrow(/frozen/);
    }
    // quotes.total is the current version's total: it cannot drift.
    await expect(run(sql`UPDATE quotes SET total = 1 WHERE id = ${id}`)).rejects.toThrow(/current version's total/);

    await run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 2)`);
    await run(sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total)
      VALUES (${id}, 2, 1, 'x', 'Nails', 1, 5, 5)`);
    await run(sql`UPDATE quote_line_items SET description = 'Screws' WHERE quote_id = ${id} AND version = 2`);
    await run(sql`DELETE FROM quote_versions WHERE quote_id = ${id} AND version = 2`);
    // Only one draft at a time.
    await run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 2)`);
    await expect(run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 3)`)).rejects.toThrow(/quote_versions_one_draft/);
  });

  it('freeze an approved quote: no new version, no change of its versions, status or total', async () => {
    const { id } = await putSentQuoteWithSql(portal.db, 'approved@example.com', deck);
    await run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 2)`);
    await run(sql`UPDATE quotes SET status = 'Approved' WHERE id = ${id}`);
    await expect(run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 3)`)).rejects.toThrow(/approved and frozen/);
    await expect(run(sql`UPDATE quote_versions SET terms = 'x' WHERE quote_id = ${id} AND version = 2`)).rejects.toThrow(/frozen/);
    await expect(run(sql`DELETE FROM quote_versions WHERE quote_id = ${id} AND version = 2`)).rejects.toThrow(/frozen/);
    await expect(run(sql`UPDATE quotes SET status = 'Sent' WHERE id = ${id}`)).rejects.toThrow(/approved and frozen/);
    // The whole quote may still be deleted with SQL: its versions and lines go with it.
    await run(sql`DELETE FROM quotes WHERE id = ${id}`);
    const left = await sql<{ n: number }>`SELECT count(*)::int AS n FROM quote_line_items WHERE quote_id = ${id}`.execute(portal.db);
    expect(left.rows[0]!.n).toBe(0);
  });

  it('keep approvals: only for a sent version, with its hash and the total of the chosen lines; never changed', async () => {
    const { id, ids, content, totals } = await putSentQuoteWithSql(portal.db, 'decide@example.com', deck);
    const { content_hash: hash } = await portal.db
      .selectFrom('quote_versions')
      .select('content_hash')
      .where('quote_id', '=', id)
      .executeTakeFirstOrThrow();
    const approve = (total: string, chosen: number[], contentHash = hash) =>
      run(sql`INSERT INTO quote_approvals (quote_id, version, decision, signer_name, optional_item_ids, total, content_hash)
        VALUES (${id}, 1, 'Approved', 'Ana', ${`{${chosen.join(',')}}`}, ${total}, ${contentHash})`);
    await expect(approve(totals.total, [], 'b'.repeat(64))).rejects.toThrow(/content hash/);
    await expect(approve(totals.total, [ids[0]!])).rejects.toThrow(/must be optional lines/);
    await expect(approve(totals.total, [ids[1]!])).rejects.toThrow(/approved total/);
    expect(content.lines[1]!.lineTotal).toBe('70.00');
    await expect(approve('346.41', [ids[1]!])).rejects.toThrow(/approved total/);
    await approve('346.40', [ids[1]!]); // (250 + 70) + 320 × 8.25 % = 320 + 26.40
    await expect(approve('346.40', [ids[1]!])).rejects.toThrow(/quote_approvals_one_per_version/);
    await expect(run(sql`UPDATE quote_approvals SET signer_name = 'Eve' WHERE quote_id = ${id}`)).rejects.toThrow(/never changed/);
    await expect(run(sql`DELETE FROM quote_approvals WHERE quote_id = ${id}`)).rejects.toThrow(/never changed/);
    await run(sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 2)`);
    await expect(
      run(sql`INSERT INTO quote_approvals (quote_id, version, decision, content_hash) VALUES (${id}, 2, 'Declined', ${hash})`),
    ).rejects.toThrow(/was not sent/);
  });
});

describe('what a customer reaches (row-level security)', () => {
  let anaQuote: number;
  let benQuote: number;
  let draftQuote: number;
  beforeAll(async () => {
    const sent = await putSentQuoteWithSql(portal.db, 'ana-rls@example.com', deck);
    anaQuote = sent.id;
    // A new version in the making: never visible to the customer.
    await sendVersionWithSql(portal.db, anaQuote, 2, {
      ...deck,
      lines: [{ description: 'Cheaper boards', quantity: '20', unitPrice: '10' }],
    });
    await run(sql`INSERT INTO quote_versions (quote_id, version, description) VALUES (${anaQuote}, 3, 'SECRET DRAFT')`);
    await run(sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total)
      VALUES (${anaQuote}, 3, 1, 'd', 'SECRET LINE', 1, 1, 1)`);
    benQuote = (await putSentQuoteWithSql(portal.db, 'ben-rls@example.com', deck)).id;
    const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
      VALUES ('ana-rls@example.com', 'Office draft', 0, 'Draft') RETURNING id`.execute(portal.db);
    draftQuote = Number(rows[0]!.id);
  });

  it('reads only the sent versions and lines of their own quotes, and no Draft quote', async () => {
    const seen = await withCustomerScope(portal.db, 'ana-rls@example.com', async (trx) => ({
      quotes: await trx.selectFrom('quotes').select('id').execute(),
      versions: await trx.selectFrom('quote_versions').select(['quote_id', 'version']).orderBy('version').execute(),
      lines: await trx.selectFrom('quote_line_items').select(['quote_id', 'version', 'description']).execute(),
    }));
    expect(seen.quotes.map((q) => Number(q.id))).toEqual([anaQuote]);
    expect(seen.quotes.map((q) => Number(q.id))).not.toContain(draftQuote);
    expect(seen.versions.map((v) => [Number(v.quote_id), v.version])).toEqual([
      [anaQuote, 1],
      [anaQuote, 2],
    ]);
    expect(seen.lines.every((l) => Number(l.quote_id) === anaQuote && l.version < 3)).toBe(true);
    expect(seen.lines).toHaveLength(3);
  });

  it('decides only their own quotes, and may move a status only as the spec lets a customer', async () => {
    const hashOf = async (quoteId: number, version: number) =>
      (
        await portal.db
          .selectFrom('quote_versions')
          .select('content_hash')
          .where('quote_id', '=', quoteId)
          .where('version', '=', version)
          .executeTakeFirstOrThrow()
      ).content_hash!;
    const benHash = await hashOf(benQuote, 1);
    await expect(
      withCustomerScope(portal.db, 'ana-rls@example.com', (trx) =>
        sql`INSERT INTO quote_approvals (quote_id, version, decision, content_hash) VALUES (${benQuote}, 1, 'Declined', ${benHash})`.execute(
          trx,
        ),
      ),
    ).rejects.toThrow(/row-level security|was not sent/); // the version is not even visible to her
    const touched = await withCustomerScope(portal.db, 'ana-rls@example.com', (trx) =>
      sql`UPDATE quotes SET status = 'Declined' WHERE id = ${benQuote}`.execute(trx),
    );
    expect(Number(touched.numAffectedRows ?? 0)).toBe(0);
    await expect(
      withCustomerScope(portal.db, 'ana-rls@example.com', (trx) => sql`UPDATE quotes SET total = 1 WHERE id = ${anaQuote}`.execute(trx)),
    ).rejects.toThrow(/permission denied/);
    const anaHash = await hashOf(anaQuote, 2);
    await withCustomerScope(portal.db, 'ana-rls@example.com', async (trx) => {
      await sql`UPDATE quotes SET status = 'Declined' WHERE id = ${anaQuote}`.execute(trx);
      await sql`INSERT INTO quote_approvals (quote_id, version, decision, content_hash) VALUES (${anaQuote}, 2, 'Declined', ${anaHash})`.execute(
        trx,
      );
    });
    await expect(
      withCustomerScope(portal.db, 'ana-rls@example.com', (trx) =>
        sql`UPDATE quotes SET status = 'Sent' WHERE id = ${anaQuote}`.execute(trx),
      ),
    ).rejects.toThrow(/cannot move a quote from Declined to Sent/);
    // Every status change is logged, the customer's included (creating the quote as a Draft is no change).
    const log = await sql<{ status: string }>`SELECT status FROM quote_status_log WHERE quote_id = ${anaQuote} ORDER BY id`.execute(
      portal.db,
    );
    expect(log.rows.map((r) => r.status)).toEqual(['Sent', 'Declined']);
  });
});
