import type { PHOTO_SOURCE_TYPES } from '../../../contracts/customer/photos';

export type PhotoSourceType = (typeof PHOTO_SOURCE_TYPES)[number];

/** HEIF brands of HEVC-coded images (HEIC): what phones write. AVIF ('avif', 'avis') is not among them. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/**
 * The image type from the first bytes of the file (its magic number), never from its name or the
 * Content-Type the browser claimed. null for anything else (a PDF named photo.jpg, an SVG, a GIF).
 * A HEIF file whose major brand is a generic 'mif1' is taken as HEIC only when a compatible brand
 * says HEVC; the decoder has the last word anyway.
 */
export function sniffImageType(bytes: Uint8Array): PhotoSourceType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
    const end = Math.min(boxSize, bytes.length, 4096);
    const brands = [ascii(bytes, 8, 12)];
    for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
    const major = brands[0]!;
    if (major === 'avif' || major === 'avis') return null;
    const hevc = brands.some((b) => b !== 'mif1' && b !== 'msf1' && HEIC_BRANDS.has(b));
    if (HEIC_BRANDS.has(major) && (hevc || major !== 'mif1' || !brands.includes('avif'))) return 'image/heic';
    return null;
  }
  return null;
}
