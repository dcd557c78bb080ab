import { Hono } from 'hono';
import {
  getPhoto,
  getPhotoThumbnail,
  PHOTO_MAX_BYTES,
  PHOTO_UNREADABLE_MESSAGE,
  PHOTO_WRONG_TYPE_MESSAGE,
  uploadPhoto,
} from '../../../contracts/customer/photos';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { UnsupportedTypeError, UnusableInputError } from '../../../domain/errors';
import { requestSocket, suspendIdleTimeout } from '../../platform/http/server-timeouts';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { processPhoto, UnreadableImageError, type ProcessedPhoto } from './process';
import { readBodyWithin } from './read-body';
import { countUploadStart, deleteExpiredUploads, insertUpload, readImage } from './repository';
import { imageResponse } from './serve';
import { sniffImageType, type PhotoSourceType } from './sniff';
import { explainUploadFailure } from './upload-failure';
import { UploadGate } from './upload-gate';

/**
 * The signed-in customer's photos: the upload (raw body, checked while it streams in, its type from
 * its bytes, decoded and re-encoded before anything is stored) and the images, owner only.
 * The upload path is exempt from the API's 64 kB body limit (server/app.ts): it has its own.
 */
export function photoCustomerRoutes({ db, logger, photoUploads }: Pick<AppDeps, 'db' | 'logger' | 'photoUploads'>) {
  const gate = new UploadGate(photoUploads);
  return new Hono<AppEnv>()
    .on(uploadPhoto.method, uploadPhoto.path, async (c) => {
      const { email } = c.get('customer');
      // The socket's idle timeout counts only while the body streams in: not while the upload waits
      // for a slot (its socket paused) nor while it is decoded.
      const socket = requestSocket(c.env);
      const armIdleTimeout = suspendIdleTimeout(socket);
      let received: { type: PhotoSourceType; processed: ProcessedPhoto };
      try {
        received = await gate.run(email, async () => {
          await withCustomerScope(db, email, (trx) => countUploadStart(trx, email, gate.bounds.perHour));
          armIdleTimeout();
          let bytes: Buffer;
          try {
            bytes = await readBodyWithin(c.req.raw, PHOTO_MAX_BYTES, gate.bounds);
          } finally {
            suspendIdleTimeout(socket);
          }
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
      } catch (err) {
        throw explainUploadFailure(err, email, logger, c);
      }
      const { type, processed } = received;
      const photo = await withCustomerScope(db, email, (trx) => insertUpload(trx, email, type, processed));
      // Uploads nobody sent go after a day: swept here, by whichever upload comes next (no timer to run).
      await deleteExpiredUploads(db).catch((err: unknown) => logger.warn('expired photo sweep failed', { error: String(err) }));
      return c.json(photo, 201);
    })
    .on(getPhoto.method, getPhoto.path, validate('param', getPhoto.params), async (c) => {
      const { email } = c.get('customer');
      const { id } = c.req.valid('param');
      return imageResponse(c, id, await withCustomerScope(db, email, (trx) => readImage(trx, id, 'full', email)));
    })
    .on(getPhotoThumbnail.method, getPhotoThumbnail.path, validate('param', getPhotoThumbnail.params), async (c) => {
      const { email } = c.get('customer');
      const { id } = c.req.valid('param');
      return imageResponse(c, id, await withCustomerScope(db, email, (trx) => readImage(trx, id, 'thumbnail', email)));
    });
}
