import { pathOf } from '../../../contracts/endpoint';
import { getOfficePhoto, getOfficePhotoThumbnail } from '../../../contracts/office/photos';
import type { PhotoUrls } from './PhotoGallery';

/** Any order's photos, for the office (kept apart from the customer's URLs: the office's contracts stay out of the portal's chunks). */
export const officePhotoUrls: PhotoUrls = {
  full: (id) => pathOf(getOfficePhoto, { id }),
  thumbnail: (id) => pathOf(getOfficePhotoThumbnail, { id }),
};
