import type { Sharp, SharpOptions } from 'sharp';
import { PHOTO_MAX_SIDE, THUMBNAIL_MAX_SIDE } from '../../../contracts/customer/photos';
import { Semaphore } from './semaphore';
import type { PhotoSourceType } from './sniff';

/**
 * Decoding and re-encoding (sharp, libvips; HEIC through libheif in WebAssembly, as sharp's prebuilt
 * libvips has no HEVC decoder). Both are loaded on the first photo only, never at start and never in
 * a browser bundle. What is stored is a new JPEG made from the pixels alone: EXIF (GPS included),
 * XMP, IPTC and comments are not copied (sharp keeps none unless asked); the EXIF orientation is
 * applied to the pixels first, so the photo stands as it was taken.
 */

/** Bigger than any phone camera (48 MP is 8064 × 6048): decoding stops before allocating more. */
const MAX_INPUT_PIXELS = 50_000_000;
/**
 * Photos decoded at once by this process; the others wait their turn. One: libvips already uses a
 * core for a decode, the machine has two, and measured (scripts/bench/measure-memory.ts) one at a time was as fast
 * as two for five 48 MP photos and no larger.
 */
export const DECODE_CONCURRENCY = 1;
/** Uploads whose bodies are held at once (each at most 10 MB); more wait before their body is read (upload-gate.ts). */
export const UPLOADS_IN_MEMORY = 6;
const JPEG_QUALITY = 82;
const THUMBNAIL_QUALITY = 75;

export interface ProcessedPhoto {
  contentType: 'image/jpeg';
  width: number;
  height: number;
  data: Buffer;
  thumbnail: { contentType: 'image/jpeg'; width: number; height: number; data: Buffer };
}

/** The upload could not be decoded as the image its bytes announce (or is beyond MAX_INPUT_PIXELS). */
export class UnreadableImageError extends Error {
  constructor(
    message: string,
    readonly tooManyPixels = false,
  ) {
    super(message);
    this.name = 'UnreadableImageError';
  }
}

type SharpFactory = (input?: Buffer | Uint8Array | Uint8ClampedArray, options?: SharpOptions) => Sharp;
let sharpLoaded: Promise<SharpFactory> | undefined;
/** sharp on first use; its cache off (nothing is decoded twice) and one libvips thread per image. */
export function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp as unknown as SharpFactory;
  });
  return sharpLoaded;
}

const decoding = new Semaphore(DECODE_CONCURRENCY);

/** Decodes the upload (already sniffed) and makes the stored image and its thumbnail. */
export function processPhoto(bytes: Buffer, type: PhotoSourceType): Promise<ProcessedPhoto> {
  return decoding.run(async () => {
    const sharp = await loadSharp();
    const source =
      type === 'image/heic' ? await decodeHeic(sharp, bytes) : sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    try {
      // Orientation applied, alpha laid on white (a JPEG has none), longest side bounded, never enlarged.
      const base = source
        .rotate()
        .flatten({ background: '#ffffff' })
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      const full = await base.jpeg({ quality: JPEG_QUALITY }).toBuffer({ resolveWithObject: true });
      const thumb = await sharp(full.data)
        .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: THUMBNAIL_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return {
        contentType: 'image/jpeg',
        width: full.info.width,
        height: full.info.height,
        data: full.data,
        thumbnail: { contentType: 'image/jpeg', width: thumb.info.width, height: thumb.info.height, data: thumb.data },
      };
    } catch (err) {
      if (err instanceof UnreadableImageError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      throw new UnreadableImageError(message, /pixel limit/i.test(message));
    }
  });
}

/**
 * HEIC: the container's size is read first (sharp reads HEIF boxes without decoding), so an image
 * beyond MAX_INPUT_PIXELS is refused before libheif allocates its pixels; then the primary image is
 * decoded to RGBA and handed to sharp as raw pixels (libheif has applied its rotation already).
 */
async function decodeHeic(sharp: SharpFactory, bytes: Buffer): Promise<Sharp> {
  let width = 0;
  let height = 0;
  try {
    ({ width = 0, height = 0 } = await sharp(bytes).metadata());
  } catch (err) {
    throw new UnreadableImageError(err instanceof Error ? err.message : String(err));
  }
  if (width * height > MAX_INPUT_PIXELS) throw new UnreadableImageError('Input image exceeds pixel limit', true);
  const image = await decodeHeicInWorker(bytes);
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } });
}

/**
 * libheif's WebAssembly memory grows to the largest image it has decoded and is never given back
 * (measured: a 12 MP HEIC left the process 190 MB larger). So each HEIC is decoded in a worker thread
 * that ends with it, taking that memory along; only the RGBA pixels come back (transferred, not copied).
 * The worker is plain JavaScript given as text (the server is one bundled file: no worker file to
 * point at), loading heic-decode by the path this module resolves.
 */
const HEIC_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.modulePath);
parentPort.once('message', async (buffer) => {
  try {
    const image = await decode({ buffer });
    parentPort.postMessage({ width: image.width, height: image.height, data: image.data }, [image.data.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

async function decodeHeicInWorker(bytes: Buffer): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
  const [{ Worker }, { createRequire }] = await Promise.all([import('node:worker_threads'), import('node:module')]);
  const modulePath = createRequire(import.meta.url).resolve('heic-decode');
  const worker = new Worker(HEIC_WORKER, { eval: true, workerData: { modulePath } });
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (message: { error?: string; width: number; height: number; data: Uint8ClampedArray }) =>
        message.error === undefined ? resolve(message) : reject(new UnreadableImageError(message.error)),
      );
      worker.once('error', (err) => reject(new UnreadableImageError(err.message)));
      worker.once('exit', (code) => reject(new UnreadableImageError(`HEIC decoder stopped (${code})`)));
      worker.postMessage(bytes);
    });
  } finally {
    await worker.terminate();
  }
}
