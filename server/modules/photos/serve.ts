import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { NotFoundError } from '../../../domain/errors';

/**
 * A stored image as the browser gets it. `no-cache`: the browser may keep a copy (privately: it is
 * one customer's photo, no shared cache) but asks the server before each use, so on a shared browser
 * the next person, signed out or signed in as someone else, never sees it from the cache: the server
 * checks the session every time and answers 404, or 304 (no body) to the photo's owner or the office
 * when the copy is current (its strong ETag, a hash of the bytes).
 * nosniff: the browser takes the declared type, never guesses one from the bytes.
 */
const PHOTO_CACHE_CONTROL = 'private, no-cache';

/** A strong validator: the SHA-256 of the exact bytes served (base64url, quoted). */
const photoEtag = (data: Uint8Array) => `"${createHash('sha256').update(data).digest('base64url')}"`;

/** If-None-Match matches (RFC 9110: weak comparison, a list, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** The image, or 304 when the browser's copy is current; called only after the caller's right to it was checked. */
export function imageResponse(c: Context, id: number, image: { content_type: string; data: Uint8Array } | undefined): Response {
  if (!image) throw new NotFoundError('Photo not found.');
  const etag = photoEtag(image.data);
  const headers = { 'Cache-Control': PHOTO_CACHE_CONTROL, ETag: etag, 'X-Content-Type-Options': 'nosniff' };
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  const bytes = new Uint8Array(image.data.byteLength);
  bytes.set(image.data);
  return c.body(bytes, 200, {
    ...headers,
    'Content-Type': image.content_type,
    'Content-Length': String(bytes.byteLength),
    'Content-Disposition': `inline; filename="photo-${id}.jpg"`,
  });
}
