import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Answers under this many bytes go out as they are: compressing them saves less than a packet. */
const COMPRESS_THRESHOLD = 1024;
/** Up to this size an answer is compressed in one synchronous call (about 0.1-0.3 ms for tens of kB); larger ones on the thread pool. */
const SYNC_LIMIT = 256 * 1024;
/**
 * Level 1: on JSON of tens of kB its output is 10-20 % bigger than the default level's, in a quarter
 * to two thirds of its time (and a fraction of a compression stream's, which ran on every answer before).
 */
const LEVEL = { level: 1 };

type Encoding = 'gzip' | 'deflate';
const compressSync = (body: string | Uint8Array, encoding: Encoding) =>
  encoding === 'gzip' ? zlib.gzipSync(body, LEVEL) : zlib.deflateSync(body, LEVEL);
const gzipAsync = promisify(zlib.gzip);
const deflateAsync = promisify(zlib.deflate);
const compressAsync = (body: Uint8Array, encoding: Encoding) => (encoding === 'gzip' ? gzipAsync(body, LEVEL) : deflateAsync(body, LEVEL));

/** Answers whose compression is already settled (compressed, or too small), made by the c.json below. */
const settled = new WeakSet<Response>();

/**
 * gzip (or deflate) for answers over 1 kB of a compressible type, when the browser accepts it, with
 * `Vary: Accept-Encoding`; smaller answers, ranges, HEAD and `Cache-Control: no-transform` go out
 * as they are. Built assets are precompressed at build time and pass untouched (static-site.ts).
 *
 * Cheap on the JSON path: c.json is wrapped for the request so an answer is compressed from the
 * string it already is, in one synchronous call, and leaves as bytes (@hono/node-server writes
 * those directly; a stream body would be piped chunk by chunk). Anything else (pages, Better Auth's
 * answers, JSON over 256 kB) is read back and compressed after the handler.
 */
export function compression() {
  return createMiddleware(async (c, next) => {
    const encoding = c.req.method === 'HEAD' ? undefined : chooseEncoding(c.req.header('accept-encoding'));
    if (encoding) compressJson(c, encoding);
    await next();

    const res = c.res;
    if (res.status === 206 || c.req.method === 'HEAD' || !compressible(res)) return;
    const vary = res.headers.get('vary');
    if (vary !== '*' && !(vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) {
      res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    if (!encoding || settled.has(res) || res.headers.has('content-encoding') || res.headers.has('transfer-encoding')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < COMPRESS_THRESHOLD) return;
    if (res.body === null) return;

    // Every compressible answer this server makes is bounded (JSON, pages, files with a length): read it whole.
    const body: Uint8Array<ArrayBuffer> = new Uint8Array(await res.arrayBuffer());
    const headers = res.headers;
    let out: Uint8Array<ArrayBuffer> = body;
    if (body.byteLength >= COMPRESS_THRESHOLD) {
      out = body.byteLength <= SYNC_LIMIT ? compressSync(body, encoding) : await compressAsync(body, encoding);
      headers.set('Content-Encoding', encoding);
      headers.delete('Content-Length');
      const etag = headers.get('etag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    }
    replaceResponse(c, new Response(out, { status: res.status, statusText: res.statusText, headers }));
  });
}

/** c.json for this request: the JSON text compressed at once when large enough (up to SYNC_LIMIT). */
function compressJson(c: Context, encoding: Encoding) {
  const json = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) =>
    jsonResponse(c, encoding, JSON.stringify(object) as string | undefined, arg, headers);
  c.json = json as unknown as Context['json'];
  jsonTextEncodings.set(c, encoding);
}

/**
 * The encoding compressJson chose for a request, for jsonText. The value must never reach its key:
 * V8's young-generation collector (the scavenger) keeps a WeakMap's values alive whatever becomes of
 * their keys, so a value that leads back to the Context (a closure over it or over c.newResponse,
 * an arrow bound to it) kept every request's Context, request, answer text and rows alive through
 * the next two scavenges and into the old generation (about 3.5 MB per scavenge under load, freed only by
 * mark-compacts). An encoding's name holds nothing.
 */
const jsonTextEncodings = new WeakMap<Context, Encoding>();

/** Hono's own c.json is exactly this (the text and a default Content-Type through c.newResponse), compressed when large enough. */
function jsonResponse(
  c: Context,
  encoding: Encoding,
  text: string | undefined,
  arg?: unknown,
  headers?: Record<string, string | string[]>,
): Response {
  const respond = c.newResponse as (data: string | null, arg?: unknown, headers?: Record<string, string | string[]>) => Response;
  const res = respond(text ?? null, arg, { 'Content-Type': 'application/json', ...headers });
  if (text === undefined || text.length > SYNC_LIMIT) return res; // compressed after the handler, off the request's turn
  settled.add(res);
  if (text.length < COMPRESS_THRESHOLD || res.status === 206 || res.headers.has('content-encoding') || !compressible(res)) return res;
  res.headers.set('Content-Encoding', encoding);
  const compressed = new Response(compressSync(text, encoding), { status: res.status, headers: res.headers });
  settled.add(compressed);
  return compressed;
}

/**
 * A 200 answer from text that is JSON already (written by the database): the same answer c.json
 * gives for the value the text spells, compressed the same way.
 */
export function jsonText(c: Context, text: string): Response {
  const encoding = jsonTextEncodings.get(c);
  return encoding ? jsonResponse(c, encoding, text) : c.newResponse(text, 200, { 'Content-Type': 'application/json' });
}

function compressible(res: Response): boolean {
  const type = res.headers.get('content-type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  return !/(?:^|,)\s*?no-transform\s*?(?:,|$)/i.test(res.headers.get('cache-control') ?? '');
}

/**
 * The accepted encoding with the highest q (gzip first on a tie), or undefined. `*` stands for any
 * encoding not named; q=0 refuses one.
 */
export function chooseEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const weight = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)).find(Boolean);
    q.set(name!.trim().toLowerCase(), weight ? Number(weight[1]) : 1);
  }
  const weight = (name: Encoding) => q.get(name) ?? q.get('*') ?? 0;
  const best = (['gzip', 'deflate'] as const).reduce<Encoding | undefined>((a, b) => (weight(b) > (a ? weight(a) : 0) ? b : a), undefined);
  return best && weight(best) > 0 ? best : undefined;
}

/**
 * Puts `fresh` in place of the current answer as it is. Assigning c.res over an answer makes Hono
 * copy the new one into a stream-bodied Response and merge the old headers into it; clearing
 * c.res first (as Hono's docs suggest for a full replacement) skips that.
 */
function replaceResponse(c: Context, fresh: Response) {
  c.res = undefined as unknown as Response;
  c.res = fresh;
}
