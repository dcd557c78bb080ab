import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { QuoteLineView, QuoteVersionView } from '../../../contracts/quote-document';
import { lineTotal, quoteTotals } from '../../../domain/money';
import type { QuoteVersionContent } from '../../../domain/quotes/types';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import type { QuoteLineItemsTable, QuoteVersionsTable } from '../../platform/db/quote-schema';
import { dayText } from './company-day';

/** A stored version with its lines, and what only the office sees of it. */
export interface VersionRecord extends QuoteVersionView {
  createdAt: string;
  createdBy: string | null;
  contentHash: string | null;
}

/** A version's columns as loadVersions reads them (valid_until as the day's text); `table` when joined under another name. */
export const versionColumns = <T extends string = 'quote_versions'>(table = 'quote_versions' as T) =>
  [
    `${table}.version`,
    `${table}.description`,
    `${table}.subtotal`,
    `${table}.tax_rate`,
    `${table}.tax`,
    `${table}.total`,
    dayText(`${table}.valid_until`).as('valid_until'),
    `${table}.terms`,
    `${table}.created_at`,
    `${table}.created_by`,
    `${table}.sent_at`,
    `${table}.content_hash`,
    `${table}.deposit_percent`,
  ] as const;

/** A line's columns as loadVersions reads them. */
export const lineColumns = [
  'id',
  'version',
  'position',
  'line_key',
  'description',
  'quantity',
  'unit_price',
  'line_total',
  'optional',
] as const;

/** A version's row as versionColumns reads it: every column but the quote's id, valid_until as the day's text. */
type VersionRow = Omit<Selectable<QuoteVersionsTable>, 'quote_id' | 'valid_until'> & { valid_until: string | null };
type LineRow = Pick<Selectable<QuoteLineItemsTable>, (typeof lineColumns)[number]>;

/** A stored version with its lines (the rows of that version, in order) as a record. */
export const versionRecord = (row: VersionRow, lines: readonly LineRow[]): VersionRecord => ({
  version: row.version,
  description: row.description,
  subtotal: row.subtotal,
  taxRate: row.tax_rate,
  tax: row.tax,
  total: row.total,
  validUntil: row.valid_until,
  terms: row.terms,
  depositPercent: row.deposit_percent,
  sentAt: row.sent_at ? isoTime(row.sent_at) : null,
  createdAt: isoTime(row.created_at),
  createdBy: row.created_by,
  contentHash: row.content_hash,
  lines: lines.map((l): QuoteLineView => ({
    id: Number(l.id),
    key: l.line_key,
    position: l.position,
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unit_price,
    lineTotal: l.line_total,
    optional: l.optional,
  })),
});

/**
 * The versions of a quote with their lines, oldest first, in two queries. Under a customer's scope
 * row-level security leaves only sent versions; `sentOnly` says so explicitly for every caller.
 * With `version`, only that one.
 */
export async function loadVersions(db: Db, quoteId: number, opts: { sentOnly: boolean; version?: number }): Promise<VersionRecord[]> {
  let versions = db.selectFrom('quote_versions').select(versionColumns()).where('quote_id', '=', quoteId);
  if (opts.sentOnly) versions = versions.where('sent_at', 'is not', null);
  if (opts.version !== undefined) versions = versions.where('version', '=', opts.version);
  const rows = await versions.orderBy('version').execute();
  if (!rows.length) return [];
  const lines = await db
    .selectFrom('quote_line_items')
    .select(lineColumns)
    .where('quote_id', '=', quoteId)
    .where(
      'version',
      'in',
      rows.map((r) => r.version),
    )
    .orderBy('version')
    .orderBy('position')
    .execute();
  return rows.map((row) =>
    versionRecord(
      row,
      lines.filter((l) => l.version === row.version),
    ),
  );
}

/** The customer's view of a version (no office fields). */
export const publicVersion = ({ createdAt: _c, createdBy: _b, contentHash: _h, ...view }: VersionRecord): QuoteVersionView => view;

/** What the content hash covers and "what changed" compares. */
export const versionContent = (quoteId: number, v: QuoteVersionView): QuoteVersionContent<QuoteLineView> => ({
  quoteId,
  version: v.version,
  description: v.description,
  lines: v.lines,
  taxRate: v.taxRate,
  subtotal: v.subtotal,
  tax: v.tax,
  total: v.total,
  validUntil: v.validUntil,
  terms: v.terms,
  depositPercent: v.depositPercent ?? 0,
});

export interface LineToWrite {
  key?: string | undefined;
  description: string;
  quantity: string;
  unitPrice: string;
  optional: boolean;
}

export interface DraftContent {
  description: string;
  lines: readonly LineToWrite[];
  taxRate: string;
  validUntil: string | null;
  terms: string;
  /** 'Deposit' in whole percent; absent: the draft keeps the one it has. */
  depositPercent?: number | undefined;
}

/**
 * Writes a draft version's content: its lines replaced (a line keeps the key it came with, a new one
 * gets a fresh key) and its figures computed from them by domain/money.ts; the database checks them.
 */
export async function writeDraft(db: Db, quoteId: number, version: number, draft: DraftContent) {
  await db.deleteFrom('quote_line_items').where('quote_id', '=', quoteId).where('version', '=', version).execute();
  if (draft.lines.length) {
    await db
      .insertInto('quote_line_items')
      .values(
        draft.lines.map((line, i) => ({
          quote_id: quoteId,
          version,
          position: i + 1,
          line_key: line.key ?? randomUUID(),
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unitPrice,
          line_total: lineTotal(line.quantity, line.unitPrice),
          optional: line.optional,
        })),
      )
      .execute();
  }
  const totals = quoteTotals(draft.lines, draft.taxRate);
  await db
    .updateTable('quote_versions')
    .set({
      description: draft.description,
      tax_rate: draft.taxRate,
      valid_until: draft.validUntil,
      terms: draft.terms,
      ...(draft.depositPercent === undefined ? {} : { deposit_percent: draft.depositPercent }),
      ...totals,
    })
    .where('quote_id', '=', quoteId)
    .where('version', '=', version)
    .execute();
  return totals;
}

/** The quote row locked for this transaction: office actions on one quote go one after another. */
export async function lockQuote(db: Db, quoteId: number) {
  const { rows } = await sql<{
    id: number;
    email: string;
    description: string | null;
    status: string;
    total: string;
    current_version: number | null;
  }>`SELECT id, email, description, status, total, current_version FROM quotes WHERE id = ${quoteId} FOR UPDATE`.execute(db);
  return rows[0];
}

/** The version being written (never sent), if there is one. */
export const draftVersionOf = async (db: Db, quoteId: number) =>
  (await db.selectFrom('quote_versions').select('version').where('quote_id', '=', quoteId).where('sent_at', 'is', null).executeTakeFirst())
    ?.version;
