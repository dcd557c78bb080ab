import type { Kysely } from 'kysely';
import { PHOTO_UNREADABLE_MESSAGE, PHOTO_WRONG_TYPE_MESSAGE, type Photo } from '../../../contracts/customer/photos';
import { UnsupportedTypeError, UnusableInputError } from '../../../domain/errors';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { processPhoto, UnreadableImageError, type ProcessedPhoto } from './process';
import { countUploadStart, deleteExpiredUploads, insertUpload } from './repository';
import { sniffImageType, type PhotoSourceType } from './sniff';
import type { UploadGate } from './upload-gate';

export interface UploadPhotoInput {
  /** The signed-in customer, whose upload it is. */
  email: string;
  /**
   * Reads the request's body within the gate's bounds: the route knows the stream and the socket.
   * Called once, after the upload holds a slot and the hour's allowance counted it.
   */
  readBody: () => Promise<Buffer>;
}

/**
 * A customer's photo upload: it waits for a slot (the gate), counts against the hour's allowance,
 * its type is read from its bytes, it is decoded and re-encoded, and only then stored, in the
 * customer's scope. Uploads nobody sent go after a day: swept here, by whichever upload comes next.
 */
export async function uploadPhoto(
  db: Kysely<Database>,
  { email, readBody }: UploadPhotoInput,
  deps: { gate: UploadGate; logger: Logger },
): Promise<Photo> {
  const { gate, logger } = deps;
  const received: { type: PhotoSourceType; processed: ProcessedPhoto } = await gate.run(email, async () => {
    await withCustomerScope(db, email, (trx) => countUploadStart(trx, email, gate.bounds.perHour));
    const bytes = await readBody();
    const sniffed = sniffImageType(bytes);
    if (!sniffed) throw new UnsupportedTypeError('photo_type', PHOTO_WRONG_TYPE_MESSAGE);
    try {
      return { type: sniffed, processed: await processPhoto(bytes, sniffed) };
    } catch (err) {
      if (!(err instanceof UnreadableImageError)) throw err;
      logger.info('photo refused', { type: sniffed, bytes: bytes.byteLength, reason: err.message });
      throw new UnusableInputError(err.tooManyPixels ? 'photo_too_many_pixels' : 'photo_unreadable', PHOTO_UNREADABLE_MESSAGE);
    }
  });
  const photo = await withCustomerScope(db, email, (trx) => insertUpload(trx, email, received.type, received.processed));
  await deleteExpiredUploads(db).catch((err: unknown) => logger.warn('expired photo sweep failed', { error: String(err) }));
  return photo;
}
