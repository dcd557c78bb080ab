import type { PdfLogo } from './render';

const MAX_LOGO_PIXELS = 600;

/**
 * The company logo (COMPANY_LOGO) as a PNG data URL for jsPDF, whatever its format (SVG, WebP...):
 * drawn on a canvas, at most 600 px wide. When it cannot be loaded (missing file, another origin
 * without CORS) the PDF gets the drawn logo mark instead; the reason goes to the console.
 */
export async function loadLogo(url: string | null): Promise<PdfLogo | undefined> {
  if (!url) return undefined;
  try {
    const image = new Image();
    image.crossOrigin = 'anonymous';
    image.src = url;
    await image.decode();
    const naturalWidth = image.naturalWidth || 300;
    const naturalHeight = image.naturalHeight || 100;
    const scale = Math.min(1, MAX_LOGO_PIXELS / naturalWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(naturalWidth * scale);
    canvas.height = Math.round(naturalHeight * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return { dataUrl: canvas.toDataURL('image/png'), width: canvas.width, height: canvas.height };
  } catch (err) {
    console.warn('PDF: the company logo could not be loaded; using the drawn logo mark instead', { url, err });
    return undefined;
  }
}
