import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { canonicalLoopbackHost } from './canonical-host';

const app = new Hono().use('*', canonicalLoopbackHost('http://localhost:3000')).get('*', (c) => c.text('page'));
const get = (url: string) => app.request(url, { headers: { host: new URL(url).host } });

describe('canonicalLoopbackHost', () => {
  it('sends a page opened at 127.0.0.1 to the APP_URL host, keeping path and query', async () => {
    const res = await get('http://127.0.0.1:3000/quotes?x=1');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('http://localhost:3000/quotes?x=1');
  });
  it('leaves the APP_URL host, API calls and other ports alone', async () => {
    expect((await get('http://localhost:3000/quotes')).status).toBe(200);
    expect((await get('http://127.0.0.1:3000/api/health')).status).toBe(200);
    expect((await get('http://127.0.0.1:3001/')).status).toBe(200);
  });
});
