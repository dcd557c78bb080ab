import { Hono } from 'hono';
import { getOfficePhoto, getOfficePhotoThumbnail } from '../../../contracts/office/photos';
import type { OfficeEnv } from '../../auth/office/guard';
import type { AppDeps } from '../../deps';
import { withOfficeScope } from '../../platform/db/office-scope';
import { validate } from '../../platform/http/validate';
import { readImage } from './repository';
import { imageResponse } from './serve';

/** Any order's photos for the office (behind requireStaff), read in the office's database scope. */
export function photoOfficeRoutes({ db }: Pick<AppDeps, 'db'>) {
  return new Hono<OfficeEnv>()
    .on(getOfficePhoto.method, getOfficePhoto.path, validate('param', getOfficePhoto.params), async (c) => {
      const { id } = c.req.valid('param');
      return imageResponse(c, id, await withOfficeScope(db, c.get('staff').email, (trx) => readImage(trx, id, 'full', null)));
    })
    .on(getOfficePhotoThumbnail.method, getOfficePhotoThumbnail.path, validate('param', getOfficePhotoThumbnail.params), async (c) => {
      const { id } = c.req.valid('param');
      return imageResponse(c, id, await withOfficeScope(db, c.get('staff').email, (trx) => readImage(trx, id, 'thumbnail', null)));
    });
}
