import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { lineTotal, quoteTotals } from '../../domain/money';
import { contentHash } from '../../server/modules/quotes/content-hash';
import { bulkEmail } from './bulk-seed';

/** Quotes sent per statement while seeding (see below). */
const SEND_BATCH = 2_000;

/** One sent version's content, the same for every seeded quote (its lines' keys and its hash are each quote's own). */
const VERSION = {
  description: 'Deck and railing',
  taxRate: '8.25',
  validUntil: '2099-12-31',
  terms: 'Half up front, the rest on completion. Prices include materials and labour.',
  lines: [
    { description: 'Pressure-treated deck, 12 x 16 ft', quantity: '1', unitPrice: '6400.00', optional: false },
    { description: 'Railing, aluminium, per foot', quantity: '40', unitPrice: '38.50', optional: false },
    { description: 'Stain and seal', quantity: '1', unitPrice: '650.00', optional: true },
  ],
};

export interface ApprovableQuote {
  email: string;
  quoteId: number;
}

/**
 * Sent quotes to approve, `perCustomer` for each of the first `customers` bulk customers, written as
 * tests/support/quotes.ts writes one (a draft version, its lines, then its figures, content hash and
 * sent_at, then the quote pointing at it; the database's guards and triggers run as for the office),
 * in a few set-based statements. Answers them in the order a load should take them (customer by
 * customer in turn, so concurrent approvals are of different customers).
 */
export async function seedApprovableQuotes(databaseUrl: string, customers: number, perCustomer: number): Promise<ApprovableQuote[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) => client.query<R>(text, values);
    const { rows } = await q<{ id: string; email: string }>(
      `INSERT INTO quotes (email, description, total, status)
       SELECT 'bulk-' || lpad(c::text, 6, '0') || '@bench.example', $3, 0, 'Draft'
         FROM generate_series(0, $2::int - 1) AS n, generate_series(0, $1::int - 1) AS c
       ORDER BY n, c
       RETURNING id, email`,
      [customers, perCustomer, VERSION.description],
    );
    const ids = rows.map((r) => Number(r.id));
    await q(
      `INSERT INTO quote_versions (quote_id, version, description, tax_rate, valid_until, terms, created_by, deposit_percent)
       SELECT id, 1, $2, $3, $4, $5, 'bench@company.example', 0 FROM unnest($1::bigint[]) AS id`,
      [ids, VERSION.description, VERSION.taxRate, VERSION.validUntil, VERSION.terms],
    );
    const lines = VERSION.lines.map((l) => ({ ...l, lineTotal: lineTotal(l.quantity, l.unitPrice) }));
    const keys = ids.map(() => lines.map(() => randomUUID()));
    for (const [i, line] of lines.entries()) {
      await q(
        `INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total, optional)
         SELECT k.id, 1, $3, k.key, $4, $5, $6, $7, $8 FROM unnest($1::bigint[], $2::text[]) AS k(id, key)`,
        [ids, keys.map((k) => k[i]!), i + 1, line.description, line.quantity, line.unitPrice, line.lineTotal, line.optional],
      );
    }
    const totals = quoteTotals(lines, VERSION.taxRate);
    const hashes = ids.map((quoteId, n) =>
      contentHash({
        quoteId,
        version: 1,
        ...VERSION,
        lines: lines.map((l, i) => ({ ...l, key: keys[n]![i]! })),
        ...totals,
      }),
    );
    // In batches: sending a version writes its 'sent' evidence, whose chain takes an advisory lock per
    // quote until the statement's transaction ends; ten thousand in one exhaust max_locks_per_transaction.
    for (let from = 0; from < ids.length; from += SEND_BATCH) {
      const batch = ids.slice(from, from + SEND_BATCH);
      await q(
        `UPDATE quote_versions AS v SET subtotal = $3, tax = $4, total = $5, content_hash = h.hash, sent_at = now()
           FROM unnest($1::bigint[], $2::text[]) AS h(id, hash)
          WHERE v.quote_id = h.id AND v.version = 1`,
        [batch, hashes.slice(from, from + SEND_BATCH), totals.subtotal, totals.tax, totals.total],
      );
      await q(`UPDATE quotes SET current_version = 1, total = $2, valid_until = $3, status = 'Sent' WHERE id = ANY($1::bigint[])`, [
        batch,
        totals.total,
        VERSION.validUntil,
      ]);
    }
    await q('VACUUM ANALYZE');
    return rows.map((r) => ({ email: r.email, quoteId: Number(r.id) }));
  } finally {
    await client.end();
  }
}

/** Each bulk customer's profile property (made by the database when the customers row was): the Submit Request's 'Property'. */
export async function profileProperties(databaseUrl: string, customers: number): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string; id: string }>(
      `SELECT c.email, p.id FROM customers AS c JOIN properties AS p ON p.customer_id = c.id AND p.is_profile
        WHERE c.email = ANY($1::text[])`,
      [Array.from({ length: customers }, (_, i) => bulkEmail(i))],
    );
    return new Map(rows.map((r) => [r.email, Number(r.id)]));
  } finally {
    await client.end();
  }
}
