import type { Context } from 'hono';

/** A signed PDF as a download: private, never cached by anyone else, never sniffed. */
export function pdfAnswer(c: Context, pdf: Uint8Array, fileName: string): Response {
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
}
