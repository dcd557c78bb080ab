import { sql } from 'kysely';
import { PHOTO_HOURLY_LIMIT_MESSAGE, PHOTO_MISSING_MESSAGE, type Photo } from '../../../contracts/customer/photos';
import { LimitReachedError } from '../../../domain/errors';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { UnusableInputError } from '../../../domain/errors';
import type { ProcessedPhoto } from './process';
import type { PhotoSourceType } from './sniff';

/** An upload no order names is deleted after this long. */
const UNLINKED_PHOTO_TTL = '1 day';

/**
 * Counts an upload as it begins, before its body is read (in the customer's scope): past `perHour`
 * begun in the last hour it is refused, so an upload that stalls or is cut off counts as much as one
 * stored. An advisory lock on the owner makes parallel uploads of one customer count one after another.
 */
export async function countUploadStart(db: Db, email: string, perHour: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`photo-uploads:${email.toLowerCase()}`}, 0))`.execute(db);
  const { n } = await db
    .selectFrom('photo_upload_starts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(ownedBy(email))
    .where('started_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  if (Number(n) >= perHour) throw new LimitReachedError(PHOTO_HOURLY_LIMIT_MESSAGE);
  await db.insertInto('photo_upload_starts').values({ email: email.toLowerCase() }).execute();
}

/** Stores a re-encoded upload for the customer (in the customer's scope), not yet linked to an order. */
export async function insertUpload(db: Db, email: string, sourceType: PhotoSourceType, photo: ProcessedPhoto): Promise<Photo> {
  const row = await db
    .insertInto('work_order_photos')
    .values({
      email: email.toLowerCase(),
      content_type: photo.contentType,
      width: photo.width,
      height: photo.height,
      data: photo.data,
      thumbnail_type: photo.thumbnail.contentType,
      thumbnail_width: photo.thumbnail.width,
      thumbnail_height: photo.thumbnail.height,
      thumbnail: photo.thumbnail.data,
      source_type: sourceType,
    })
    .returning(['id', 'width', 'height'])
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), width: row.width, height: row.height };
}

/**
 * Links the customer's uploads to their new order, in the transaction that creates it: every id must
 * be the customer's own and not yet linked, or nothing is sent (422 and the order is not created).
 */
export async function linkPhotos(db: Db, email: string, workOrderId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const linked = await db
    .updateTable('work_order_photos')
    .set({ work_order_id: workOrderId })
    .where('id', 'in', [...ids])
    .where(ownedBy(email))
    .where('work_order_id', 'is', null)
    .returning('id')
    .execute();
  if (linked.length !== ids.length) throw new UnusableInputError('photo_missing', PHOTO_MISSING_MESSAGE);
}

/** An order's photos, in the order they were sent (the detail answers of the customer and the office). */
export async function photosOf(db: Db, workOrderId: number): Promise<Photo[]> {
  const rows = await db
    .selectFrom('work_order_photos')
    .select(['id', 'width', 'height'])
    .where('work_order_id', '=', workOrderId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), width: r.width, height: r.height }));
}

/** The photos of several orders at once (the Inbox page), by order id. */
export async function photosOfOrders(db: Db, workOrderIds: readonly number[]): Promise<Map<number, Photo[]>> {
  const byOrder = new Map<number, Photo[]>();
  if (workOrderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('work_order_photos')
    .select(['id', 'work_order_id', 'width', 'height'])
    .where('work_order_id', 'in', [...workOrderIds])
    .orderBy('work_order_id')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const key = Number(r.work_order_id);
    const list = byOrder.get(key) ?? [];
    list.push({ id: Number(r.id), width: r.width, height: r.height });
    byOrder.set(key, list);
  }
  return byOrder;
}

export type PhotoVariant = 'full' | 'thumbnail';

/**
 * One stored image. In the customer's scope pass the e-mail (row-level security hides the others'
 * rows anyway); in the office's scope pass null.
 */
export async function readImage(db: Db, id: number, variant: PhotoVariant, email: string | null) {
  let query =
    variant === 'full'
      ? db.selectFrom('work_order_photos').select(['content_type', 'data']).where('id', '=', id)
      : db.selectFrom('work_order_photos').select(['thumbnail_type as content_type', 'thumbnail as data']).where('id', '=', id);
  // The office sees the photos of orders; an upload not yet sent is only its customer's.
  query = email !== null ? query.where(ownedBy(email)) : query.where('work_order_id', 'is not', null);
  return query.executeTakeFirst();
}

/**
 * Deletes uploads that no order named within UNLINKED_PHOTO_TTL, and upload starts older than the
 * hour they count in (any customer's: run as the server, not in a scope).
 */
export async function deleteExpiredUploads(db: Db): Promise<number> {
  await db
    .deleteFrom('photo_upload_starts')
    .where('started_at', '<', sql<Date>`now() - interval '1 hour'`)
    .execute();
  const result = await db
    .deleteFrom('work_order_photos')
    .where('work_order_id', 'is', null)
    .where('created_at', '<', sql<Date>`now() - ${sql.lit(UNLINKED_PHOTO_TTL)}::interval`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
