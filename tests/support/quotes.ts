import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { lineTotal, quoteTotals } from '../../domain/money';
import type { QuoteVersionContent } from '../../domain/quotes/types';
import { contentHash } from '../../server/modules/quotes/content-hash';
import type { Database } from '../../server/platform/db/schema';

/** A line as a test writes it; its total is computed by domain/money.ts. */
export interface SqlLine {
  description: string;
  quantity: string;
  unitPrice: string;
  optional?: boolean;
  key?: string;
}

export interface SqlVersion {
  description?: string;
  lines: SqlLine[];
  taxRate?: string;
  validUntil?: string;
  terms?: string;
  /** When it was sent (an ISO time); now by default. */
  sentAt?: string;
  /** 'Deposit' in whole percent (contract-spec §3); 0 by default. */
  depositPercent?: number;
}

/**
 * Writes a version of a quote with plain SQL, the way the office could without the application:
 * the version as a draft, its lines, then its figures, content hash and sent_at (the database checks
 * the figures), then the quote pointing at it. Answers the line ids and keys in order.
 */
export async function sendVersionWithSql(db: Kysely<Database>, quoteId: number, version: number, input: SqlVersion) {
  const { sentAt, ...written } = input;
  const v = { description: 'Deck', taxRate: '0', validUntil: '2099-12-31', terms: '', ...written };
  await sql`INSERT INTO quote_versions (quote_id, version, description, tax_rate, valid_until, terms, created_by, deposit_percent)
    VALUES (${quoteId}, ${version}, ${v.description}, ${v.taxRate}, ${v.validUntil}, ${v.terms}, 'sql@company.example',
            ${v.depositPercent ?? 0})`.execute(db);
  const lines = v.lines.map((l) => ({
    ...l,
    key: l.key ?? randomUUID(),
    optional: l.optional ?? false,
    lineTotal: lineTotal(l.quantity, l.unitPrice),
  }));
  const ids: number[] = [];
  for (const [i, l] of lines.entries()) {
    const { rows } = await sql<{ id: number }>`INSERT INTO quote_line_items
        (quote_id, version, position, line_key, description, quantity, unit_price, line_total, optional)
      VALUES (${quoteId}, ${version}, ${i + 1}, ${l.key}, ${l.description}, ${l.quantity}, ${l.unitPrice}, ${l.lineTotal}, ${l.optional})
      RETURNING id`.execute(db);
    ids.push(Number(rows[0]!.id));
  }
  const totals = quoteTotals(lines, v.taxRate);
  const content: QuoteVersionContent = { quoteId, version, ...v, lines, ...totals };
  await sql`UPDATE quote_versions SET subtotal = ${totals.subtotal}, tax = ${totals.tax}, total = ${totals.total},
      content_hash = ${contentHash(content)}, sent_at = coalesce(${sentAt ?? null}::timestamptz, now())
    WHERE quote_id = ${quoteId} AND version = ${version}`.execute(db);
  await sql`UPDATE quotes SET current_version = ${version}, total = ${totals.total}, valid_until = ${v.validUntil},
      description = ${v.description}, status = 'Sent'
    WHERE id = ${quoteId}`.execute(db);
  return { ids, keys: lines.map((l) => l.key), totals, content };
}

/** A new quote for `email` with one sent version. */
export async function putSentQuoteWithSql(db: Kysely<Database>, email: string, input: SqlVersion) {
  const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES (${email}, ${input.description ?? 'Deck'}, 0, 'Draft') RETURNING id`.execute(db);
  const id = Number(rows[0]!.id);
  return { id, ...(await sendVersionWithSql(db, id, 1, input)) };
}

/** A new quote for `email` in Draft with draft version 1 (lines and figures written, not sent). */
export async function putDraftQuoteWithSql(db: Kysely<Database>, email: string, input: SqlVersion) {
  const v = { description: 'Deck', taxRate: '0', validUntil: '2099-12-31', terms: '', ...input };
  const { rows } = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES (${email}, ${v.description}, 0, 'Draft') RETURNING id`.execute(db);
  const id = Number(rows[0]!.id);
  await sql`INSERT INTO quote_versions (quote_id, version, description, tax_rate, valid_until, terms)
    VALUES (${id}, 1, ${v.description}, ${v.taxRate}, ${v.validUntil}, ${v.terms})`.execute(db);
  for (const [i, l] of v.lines.entries()) {
    await sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total, optional)
      VALUES (${id}, 1, ${i + 1}, ${l.key ?? randomUUID()}, ${l.description}, ${l.quantity}, ${l.unitPrice},
              ${lineTotal(l.quantity, l.unitPrice)}, ${l.optional ?? false})`.execute(db);
  }
  const totals = quoteTotals(
    v.lines.map((l) => ({ ...l, optional: l.optional ?? false })),
    v.taxRate,
  );
  await sql`UPDATE quote_versions SET subtotal = ${totals.subtotal}, tax = ${totals.tax}, total = ${totals.total}
    WHERE quote_id = ${id} AND version = 1`.execute(db);
  return id;
}
