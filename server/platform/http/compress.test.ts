import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compression } from './compress';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: `Replace the gutters on the north side ${i}` })) };
const huge = { items: Array.from({ length: 6000 }, (_, i) => ({ id: i, text: `Line ${i} of a very long list` })) };
const page = `<!doctype html><html><body>${'<p>Welcome to the portal.</p>'.repeat(100)}</body></html>`;

const app = new Hono()
  .use('*', compression())
  .get('/small', (c) => c.json({ ok: true }))
  .get('/big', (c) => c.json(big, 201, { 'X-Extra': 'kept' }))
  .get('/huge', (c) => c.json(huge))
  .get('/page', (c) => c.html(page))
  .get('/no-transform', (c) => c.json(big, 200, { 'Cache-Control': 'no-transform' }))
  .get('/image', (c) => c.body(new Uint8Array(4000), 200, { 'Content-Type': 'image/png' }));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
const decoded = async (res: Response) => {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  return (encoding === 'gzip' ? zlib.gunzipSync(bytes) : encoding === 'deflate' ? zlib.inflateSync(bytes) : bytes).toString();
};

describe('compression', () => {
  it('gzips a JSON answer over 1 kB from c.json, keeping its status and headers', async () => {
    const res = await get('/big', 'gzip, deflate, br');
    expect(res.status).toBe(201);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-extra')).toBe('kept');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await decoded(res)).toBe(JSON.stringify(big));
  });

  it('sends a JSON answer under 1 kB as it is, still varying by Accept-Encoding', async () => {
    const res = await get('/small', 'gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(await res.text()).toBe('{"ok":true}');
  });

  it('compresses pages and JSON over 256 kB after the handler', async () => {
    for (const [path, body] of [
      ['/page', page],
      ['/huge', JSON.stringify(huge)],
    ] as const) {
      const res = await get(path, 'gzip');
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await decoded(res)).toBe(body);
    }
  });

  it('follows Accept-Encoding: deflate when only it is accepted, nothing for identity, q=0 or no header', async () => {
    const deflated = await get('/big', 'deflate');
    expect(deflated.headers.get('content-encoding')).toBe('deflate');
    expect(await decoded(deflated)).toBe(JSON.stringify(big));
    for (const accept of ['identity', 'gzip;q=0, deflate;q=0', undefined]) {
      const res = await get('/big', accept);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(await res.text()).toBe(JSON.stringify(big));
    }
  });

  it('leaves alone HEAD, no-transform answers and types that do not compress', async () => {
    expect((await get('/big', 'gzip', 'HEAD')).headers.get('content-encoding')).toBeNull();
    expect((await get('/no-transform', 'gzip')).headers.get('content-encoding')).toBeNull();
    const image = await get('/image', 'gzip');
    expect(image.headers.get('content-encoding')).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(4000);
  });
});

describe('chooseEncoding', () => {
  it('takes the highest q, gzip on a tie, * for the unnamed, and refuses q=0', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('gzip');
    expect(chooseEncoding('deflate;q=1, gzip;q=0.5')).toBe('deflate');
    expect(chooseEncoding('br, *;q=0.1')).toBe('gzip');
    expect(chooseEncoding('GZIP;Q=0, *')).toBe('deflate');
    expect(chooseEncoding('br')).toBeUndefined();
    expect(chooseEncoding('')).toBeUndefined();
  });
});
