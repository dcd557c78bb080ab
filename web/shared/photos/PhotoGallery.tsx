import type { Photo } from '../../../contracts/customer/photos';
import './photo-gallery.css';

export interface PhotoUrls {
  /** The full image (opened by the thumbnail's link). */
  full: (id: number) => string;
  thumbnail: (id: number) => string;
}

interface PhotoGalleryProps {
  photos: readonly Photo[];
  urls: PhotoUrls;
  /** The list's accessible name, e.g. 'Photos' / 'Fotos'. */
  label: string;
  /** Each thumbnail's alternative text, e.g. (1, 3) → 'Photo 1 of 3'; it names the link too. */
  alt: (position: number, count: number) => string;
  /** 'small' for a list entry (the Inbox), 'large' for an order's page. */
  size?: 'small' | 'large';
}

/**
 * A work order's photos as thumbnails, each a link to the full image (a new tab: the image is the
 * page). Width and height come from the API, so nothing jumps while thumbnails load; they load lazily.
 * Used by the Inbox, and by the customer's and the office's order pages:
 *   <PhotoGallery photos={detail.photos ?? []} urls={customerPhotoUrls} label={t('photos')} alt={(n, c) => t('photoAlt', { n, c })} />
 */
export function PhotoGallery({ photos, urls, label, alt, size = 'large' }: PhotoGalleryProps) {
  if (photos.length === 0) return null;
  return (
    <ul className={`photo-gallery photo-gallery-${size}`} aria-label={label}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a href={urls.full(photo.id)} target="_blank" rel="noopener">
            <img
              src={urls.thumbnail(photo.id)}
              alt={alt(index + 1, photos.length)}
              width={thumbnailSize(photo).width}
              height={thumbnailSize(photo).height}
              loading="lazy"
              decoding="async"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The thumbnail's own size (longest side 320, never enlarged), as the server makes it. */
export function thumbnailSize({ width, height }: { width: number; height: number }, max = 320) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
