import { endpoint, trusted } from '../endpoint';
import { idParams } from '../fields';

/** Any order's photos for the office (office-spec section 4: the order page and the Inbox). 404 when there is no such photo. */
export const getOfficePhoto = endpoint({
  method: 'GET',
  path: '/api/office/work-order-photos/:id',
  params: idParams,
  response: trusted<Blob>(),
});
export const getOfficePhotoThumbnail = endpoint({
  method: 'GET',
  path: '/api/office/work-order-photos/:id/thumbnail',
  params: idParams,
  response: trusted<Blob>(),
});
