import { Hono } from 'hono';
import { getPhoto, getPhotoThumbnail, PHOTO_MAX_BYTES, uploadPhoto, type Photo } from '../../../contracts/customer/photos';
import type { AppDeps } from '../../deps';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { requestSocket, suspendIdleTimeout } from '../../platform/http/server-timeouts';
import type { AppEnv } from '../../platform/http/types';
import { validate } from '../../platform/http/validate';
import { readBodyWithin } from './read-body';
import { readImage } from './repository';
import { imageResponse } from './serve';
import { explainUploadFailure } from './upload-failure';
import { UploadGate } from './upload-gate';
import { uploadPhoto as storePhoto } from './upload-photo';

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
      const readBody = async () => {
        armIdleTimeout();
        try {
          return await readBodyWithin(c.req.raw, PHOTO_MAX_BYTES, gate.bounds);
        } finally {
          suspendIdleTimeout(socket);
        }
      };
      let photo: Photo;
      try {
        photo = await storePhoto(db, { email, readBody }, { gate, logger });
      } catch (err) {
        throw explainUploadFailure(err, email, logger, c);
      }
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
