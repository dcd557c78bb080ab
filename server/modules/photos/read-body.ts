/** The body went past the limit: reading stopped there (nothing beyond it was kept). */
export class BodyTooLargeError extends Error {
  constructor() {
    super('body too large');
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads a request body into one Buffer, at most maxBytes: a Content-Length above it is refused at
 * once, and a body without one (chunked) is cut off as soon as it passes the limit, so no upload
 * can hold more than maxBytes of this process's memory.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  // With a Content-Length (what a browser sends for a file) the body is copied once into its buffer.
  const sized = Number.isFinite(declared) && declared >= 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes || (sized && total + value.byteLength > sized.byteLength)) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    if (sized) sized.set(value, total);
    else chunks.push(value);
    total += value.byteLength;
  }
  return sized ? sized.subarray(0, total) : Buffer.concat(chunks, total);
}
