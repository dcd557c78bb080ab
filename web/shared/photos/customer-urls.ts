import { pathOf } from '../../../contracts/endpoint';
import { getPhoto, getPhotoThumbnail } from '../../../contracts/customer/photos';
import type { PhotoUrls } from './PhotoGallery';

/** The signed-in customer's own photos (404 for anyone else's). */
export const customerPhotoUrls: PhotoUrls = {
  full: (id) => pathOf(getPhoto, { id }),
  thumbnail: (id) => pathOf(getPhotoThumbnail, { id }),
};
