import { sql, type RawBuilder } from 'kysely';
import { isStorableText } from '../../../contracts/text';

/**
 * Keyset paging (contracts/office/paging.ts): a cursor is the last row's sort key, as base64url
 * JSON. Never OFFSET: the next page starts where the index says, so page 4,000 costs what page 1 does.
 */
export type CursorKey = readonly (string | number)[];

export const encodeCursor = (key: CursorKey): string => Buffer.from(JSON.stringify(key)).toString('base64url');

/**
 * What a cursor's values may be: 'time' a moment as exactTime writes it, 'string' storable text
 * (contracts/text.ts), 'number' a row id. Checked here so that a crafted cursor (a NUL, year 0, an
 * id of 1.5 or 2^63) is a damaged link (400), never a query PostgreSQL refuses (500).
 */
export type CursorKind = 'string' | 'number' | 'time';

const EXACT_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const MAX_CURSOR_TEXT = 400;

const fits: Record<CursorKind, (value: unknown) => boolean> = {
  number: (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0,
  string: (value) => typeof value === 'string' && value.length <= MAX_CURSOR_TEXT && isStorableText(value),
  time: (value) => {
    if (typeof value !== 'string') return false;
    const year = Number(EXACT_TIME.exec(value)?.[1] ?? NaN);
    return year >= 1 && Number.isFinite(Date.parse(value));
  },
};

/**
 * The key a cursor carries, when it has the expected kinds of values (e.g. ['time', 'number']);
 * undefined when it was made up or damaged (the caller answers "This page link is not valid.").
 */
export function decodeCursor(cursor: string, kinds: readonly CursorKind[]): (string | number)[] | undefined {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(key) || key.length !== kinds.length) return undefined;
    return key.every((value, i) => fits[kinds[i]!](value)) ? (key as (string | number)[]) : undefined;
  } catch {
    return undefined; // not JSON: a damaged link, answered as such by the caller
  }
}

/**
 * A timestamp column as text with its microseconds (UTC): JavaScript's Date keeps milliseconds only,
 * and a cursor that lost the rest would skip or repeat rows sharing a millisecond.
 */
export const exactTime = (column: string): RawBuilder<string> =>
  sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const INVALID_CURSOR_MESSAGE = 'This page link is not valid.';

/** Splits the limit+1 rows a keyset query fetched into the page and the cursor of the next page (null on the last). */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => CursorKey): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}
