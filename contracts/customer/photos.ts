import { z } from 'zod';
import { endpoint, trusted } from '../endpoint';
import { idParams } from '../fields';

/**
 * Photos of a work request (office-spec section 4: 'Photos (optional)' / 'Fotos (opcional)').
 * The form uploads each photo first (POST /api/work-order-photos, the file's bytes as the raw body),
 * gets its id, and names the ids in POST /api/work-orders, which links them to the new order in
 * its transaction. An upload that no order names is deleted after a day.
 */
export const PHOTOS_PER_ORDER = 5;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** What the file input offers (the server checks the bytes themselves, never the name or this type). */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,image/webp';
export const PHOTO_SOURCE_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/webp'] as const;
/** Longest side of a stored photo and of its thumbnail, in pixels. */
export const PHOTO_MAX_SIDE = 2560;
export const THUMBNAIL_MAX_SIDE = 320;

export const PHOTO_TOO_LARGE_MESSAGE = 'Each photo must be at most 10 MB.';
export const PHOTO_WRONG_TYPE_MESSAGE = 'Photos must be JPEG, PNG, HEIC or WebP images.';
export const PHOTO_UNREADABLE_MESSAGE = 'This photo could not be read. Please choose another one.';
export const PHOTO_TOO_MANY_MESSAGE = `At most ${PHOTOS_PER_ORDER} photos can be sent with a request.`;
export const PHOTO_MISSING_MESSAGE = 'A photo could not be found. Please add it again.';
/** Issue 21: an upload too slow to finish, a second one at once, every slot busy, the hourly allowance used. */
export const PHOTO_TOO_SLOW_MESSAGE = 'The photo took too long to send. Please check your connection and try again.';
export const PHOTO_UPLOAD_IN_PROGRESS_MESSAGE =
  'Another photo is still being sent from your account. Please wait for it to finish, then try again.';
export const PHOTO_UPLOAD_BUSY_MESSAGE = 'Many photos are being sent right now. Please try again in a minute.';
export const PHOTO_HOURLY_LIMIT_MESSAGE = 'You have sent many photos in the last hour. Please try again later.';

/** A stored photo as the order's detail names it; its image and thumbnail are fetched by id. */
export const photoSchema = z.object({
  id: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Photo = z.infer<typeof photoSchema>;

/** Ids named by POST /api/work-orders (photoIds). */
export const photoIdsSchema = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(PHOTOS_PER_ORDER, PHOTO_TOO_MANY_MESSAGE)
  .refine((ids) => new Set(ids).size === ids.length, 'A photo is named twice.');

/**
 * The upload: the raw bytes of one image (any Content-Type: the server sniffs the bytes), at most
 * PHOTO_MAX_BYTES (413 beyond, while streaming), JPEG, PNG, HEIC or WebP (415 otherwise), 422 when it
 * cannot be decoded; 408 photo_too_slow when it arrives too slowly, 429 photo_upload_in_progress while the
 * customer's previous upload still arrives, 429 too_many_requests past the hourly allowance (every upload
 * begun counts), 503 photo_uploads_busy (Retry-After) when the server's upload slots stay busy. Called with XMLHttpRequest for its progress events (not through callEndpoint).
 */
export const uploadPhoto = endpoint({ method: 'POST', path: '/api/work-order-photos', response: trusted<Photo>() });

/** The re-encoded image (no metadata), for its owner only (404 for anyone else). Cached privately, for good: ids never change. */
export const getPhoto = endpoint({ method: 'GET', path: '/api/work-order-photos/:id', params: idParams, response: trusted<Blob>() });
export const getPhotoThumbnail = endpoint({
  method: 'GET',
  path: '/api/work-order-photos/:id/thumbnail',
  params: idParams,
  response: trusted<Blob>(),
});
