import { AppError } from './errors';

/**
 * Keyset page cursors (contracts/office/paging.ts): the last row's sort key as base64url JSON.
 * Opaque to the browser; a cursor that does not decode to the expected key is a 400, never a
 * query with garbage in it.
 */
export type SortKey = [time: string, id: number];

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): SortKey | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === 2 &&
      typeof key[0] === 'string' &&
      !Number.isNaN(Date.parse(key[0])) &&
      Number.isSafeInteger(key[1])
    ) {
      return [key[0], key[1] as number];
    }
  } catch {
    // Not base64url JSON: answered below like any other malformed cursor.
  }
  throw new AppError(400, 'invalid_request', 'This page link is not valid.');
}

/** Splits the limit+1 rows a keyset query fetched into the page and the cursor of the next one. */
export function pageOf<Row>(rows: Row[], limit: number, keyOf: (row: Row) => SortKey): { page: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** A LIKE pattern matching `text` anywhere, with the user's %, _ and \ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
