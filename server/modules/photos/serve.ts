import type { Context } from 'hono';
import { NotFoundError } from '../../../domain/errors';

/**
 * A stored image as the browser gets it. Ids are never reused and a stored photo never changes, so
 * the browser may keep it for a year, privately (no shared cache: it is one customer's photo).
 * nosniff: the browser takes the declared type, never guesses one from the bytes.
 */
export const PHOTO_CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function imageResponse(c: Context, id: number, image: { content_type: string; data: Uint8Array } | undefined): Response {
  if (!image) throw new NotFoundError('Photo not found.');
  const bytes = new Uint8Array(image.data.byteLength);
  bytes.set(image.data);
  return c.body(bytes, 200, {
    'Content-Type': image.content_type,
    'Content-Length': String(bytes.byteLength),
    'Cache-Control': PHOTO_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `inline; filename="photo-${id}.jpg"`,
  });
}
