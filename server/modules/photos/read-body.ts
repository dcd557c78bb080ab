/** The body went past the limit: reading stopped there (nothing beyond it was kept). */
export class BodyTooLargeError extends Error {
  constructor() {
    super('body too large');
    this.name = 'BodyTooLargeError';
  }
}

/** The body arrived too slowly (below the minimum rate, or past the total time): reading stopped. */
export class BodyTooSlowError extends Error {
  constructor(readonly received: number) {
    super('body too slow');
    this.name = 'BodyTooSlowError';
  }
}

/** The client went away mid-body (closed the tab, lost the network): its failure, not the server's. */
export class ClientAbortedError extends Error {
  constructor(
    readonly received: number,
    cause: unknown,
  ) {
    super('client aborted the body', { cause });
    this.name = 'ClientAbortedError';
  }
}

/**
 * How fast a body must arrive. An upload that trickles (one byte every 20 s stays under the socket's
 * idle timeout) would otherwise hold its slot for as long as the request timeout allows.
 */
export interface BodyPace {
  /** The whole body within this long. */
  totalMs: number;
  /** From this long after the start on, the average rate must stay at or above minBytesPerSecond. */
  graceMs: number;
  minBytesPerSecond: number;
  /** How often the pace is checked (a stalled body sends nothing that could trigger a check). */
  checkEveryMs: number;
}

/**
 * Reads a request body into one Buffer, at most maxBytes: a Content-Length above it is refused at
 * once, and a body without one (chunked) is cut off as soon as it passes the limit, so no upload
 * can hold more than maxBytes of this process's memory. With a pace, a body slower than it is cut
 * off too (BodyTooSlowError); a body the client breaks off is a ClientAbortedError.
 */
export async function readBodyWithin(request: Request, maxBytes: number, pace?: BodyPace): Promise<Buffer> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw new BodyTooLargeError();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  // With a Content-Length (what a browser sends for a file) the body is copied once into its buffer.
  const sized = Number.isFinite(declared) && declared >= 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooSlow = false;
  const started = Date.now();
  const pacing = pace
    ? setInterval(() => {
        const elapsed = Date.now() - started;
        const behind = elapsed >= pace.graceMs && (total * 1000) / elapsed < pace.minBytesPerSecond;
        if (elapsed < pace.totalMs && !behind) return;
        tooSlow = true;
        // Ends the pending read (done), so the loop below stops even when no byte comes any more.
        reader.cancel().catch(() => undefined);
      }, pace.checkEveryMs)
    : undefined;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (err) {
        if (tooSlow) break;
        throw new ClientAbortedError(total, err);
      }
      if (tooSlow) break;
      const { done, value } = chunk;
      if (done) break;
      if (total + value.byteLength > maxBytes || (sized && total + value.byteLength > sized.byteLength)) {
        await reader.cancel().catch(() => undefined);
        throw new BodyTooLargeError();
      }
      if (sized) sized.set(value, total);
      else chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    clearInterval(pacing);
  }
  if (tooSlow) throw new BodyTooSlowError(total);
  return sized ? sized.subarray(0, total) : Buffer.concat(chunks, total);
}
