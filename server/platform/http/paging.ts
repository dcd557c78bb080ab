import { decodeCursor, INVALID_CURSOR_MESSAGE, type CursorKind } from '../db/keyset';
import { AppError } from './errors';

/** The ?after= of an office list as its sort key; 400 for a made-up or damaged one. */
export function afterKey<const K extends readonly CursorKind[]>(
  cursor: string | undefined,
  kinds: K,
): { [I in keyof K]: K[I] extends 'number' ? number : string } | undefined {
  if (cursor === undefined) return undefined;
  const key = decodeCursor(cursor, kinds);
  if (!key) throw new AppError(400, 'invalid_request', INVALID_CURSOR_MESSAGE);
  return key as { [I in keyof K]: K[I] extends 'number' ? number : string };
}
