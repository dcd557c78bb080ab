import type { ApiErrorCode } from '../../../../contracts/errors';
import { PHOTO_MAX_BYTES, PHOTOS_PER_ORDER } from '../../../../contracts/customer/photos';

export type PhotoProblem =
  | {
      key:
        | 'photoTooLarge'
        | 'photoWrongType'
        | 'photoUnreadable'
        | 'photoTooSlow'
        | 'photoUploadInProgress'
        | 'photoUploadsBusy'
        | 'photoHourlyLimit';
      name: string;
    }
  | { key: 'photoTooMany'; max: number };

/**
 * The server's refusals of one upload (contracts/errors.ts), told as the form tells its own checks. The
 * codes are the contract's (a code the server does not answer does not compile); photo-rules.test.ts
 * checks that every refusal of an upload has its words here.
 */
export const SERVER_PHOTO_PROBLEMS = {
  photo_too_large: 'photoTooLarge',
  photo_type: 'photoWrongType',
  photo_unreadable: 'photoUnreadable',
  photo_too_many_pixels: 'photoUnreadable',
  // The server's bounds on uploads (issue 21): too slow, one at a time per account, every slot busy, the hourly allowance.
  photo_too_slow: 'photoTooSlow',
  photo_upload_in_progress: 'photoUploadInProgress',
  photo_uploads_busy: 'photoUploadsBusy',
  too_many_requests: 'photoHourlyLimit',
} as const satisfies Partial<Record<ApiErrorCode, Exclude<PhotoProblem['key'], 'photoTooMany'>>>;

/** The server's refusal of one upload (its error code) in the form's words; null for any other failure. */
export function problemFromServer(code: string, name: string): PhotoProblem | null {
  const key = (SERVER_PHOTO_PROBLEMS as Partial<Record<string, Exclude<PhotoProblem['key'], 'photoTooMany'>>>)[code];
  return key ? { key, name } : null;
}

const TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp']);
/** Some browsers give a HEIC file no type at all: its name is then the only hint (the server checks the bytes). */
const EXTENSIONS = /\.(jpe?g|png|heic|heif|webp)$/i;

/**
 * The files to add, checked in the browser before any upload (the server checks again, by the bytes):
 * each a JPEG, PNG, HEIC or WebP of at most 10 MB, and no more than 5 in all. Returns those that may
 * be added and the first problem to tell the customer.
 */
export function acceptPhotos(files: readonly File[], alreadyChosen: number): { accepted: File[]; problem: PhotoProblem | null } {
  const accepted: File[] = [];
  let problem: PhotoProblem | null = null;
  for (const file of files) {
    if (!(TYPES.has(file.type) || (!file.type && EXTENSIONS.test(file.name)))) {
      problem ??= { key: 'photoWrongType', name: file.name };
    } else if (file.size > PHOTO_MAX_BYTES) {
      problem ??= { key: 'photoTooLarge', name: file.name };
    } else if (alreadyChosen + accepted.length >= PHOTOS_PER_ORDER) {
      problem ??= { key: 'photoTooMany', max: PHOTOS_PER_ORDER };
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problem };
}
