import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { declaredBodyLimit } from './body-limit';

/** A request that tells whether anyone asked for its body stream (what makes @hono/node-server build a full Request). */
class WatchedRequest extends Request {
  bodyAsked = false;
  override get body() {
    this.bodyAsked = true;
    return super.body;
  }
}

const app = new Hono()
  .use('*', declaredBodyLimit({ maxSize: 20, onError: (c) => c.json({ error: 'too large' }, 413) }))
  .post('/echo', async (c) => c.json(await c.req.json()));

const post = (body: string, headers: Record<string, string>) =>
  new WatchedRequest('http://portal.test/echo', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/** A body sent in pieces, with no length stated (Transfer-Encoding: chunked on the wire). */
const streamed = (text: string) =>
  new WatchedRequest('http://portal.test/echo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new ReadableStream({
      start(controller) {
        for (const piece of text.match(/.{1,4}/g) ?? []) controller.enqueue(new TextEncoder().encode(piece));
        controller.close();
      },
    }),
    duplex: 'half',
  } as RequestInit);

describe('declaredBodyLimit', () => {
  it('passes a body whose stated length is within the limit without asking for its stream', async () => {
    const req = post('{"a":"short"}', { 'content-length': '13' });
    const res = await app.fetch(req);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ a: 'short' });
    expect(req.bodyAsked).toBe(false);
  });

  it('refuses a body whose stated length is over the limit, without reading it', async () => {
    const text = '{"a":"far too long for the limit"}';
    const req = post(text, { 'content-length': String(text.length) });
    const res = await app.fetch(req);
    expect(res.status).toBe(413);
    expect(req.bodyAsked).toBe(false);
  });

  it('counts a body without a stated length as it streams in', async () => {
    const over = await app.fetch(streamed('{"a":"far too long for the limit"}'));
    expect(over.status).toBe(413);
    const within = await app.fetch(streamed('{"a":"short"}'));
    expect(within.status).toBe(200);
    expect(await within.json()).toEqual({ a: 'short' });
  });
});
