import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { precompressDirectory } from '../../../scripts/precompress';
import { afterAll, describe, expect, it } from 'vitest';
import { mountStaticSite } from './static-site';

// Inside the project: the static middleware serves only below the working directory.
const root = fs.mkdtempSync(path.join(process.cwd(), 'test-results-web-'));
fs.mkdirSync(path.join(root, 'assets'));
fs.mkdirSync(path.join(root, '.vite'));
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><html><head><title>portal</title></head></html>');
fs.mkdirSync(path.join(root, 'office'));
fs.writeFileSync(path.join(root, 'office', 'index.html'), '<!doctype html><html><head><title>office</title></head></html>');
// What the build writes of its chunks for the signed-in screens (scripts/screen-preloads.ts); which page
// loads which is page-preloads.ts's SCREENS ('/': customer-dashboard, '/quotes/:id': customer-quotes and
// customer-change-orders, not written here; '/office': office-inbox).
fs.writeFileSync(
  path.join(root, '.vite', 'customer-chunks.json'),
  JSON.stringify({
    'customer-dashboard': {
      scripts: ['/assets/customer-dashboard-1.js', '/assets/customer-signed-in-2.js'],
      styles: ['/assets/customer-signed-in-3.css'],
    },
    'customer-quotes': { scripts: ['/assets/customer-quotes-4.js'], styles: [] },
    'warm-intl': { scripts: ['/assets/warm-intl-6.js'], styles: [] },
  }),
);
fs.writeFileSync(
  path.join(root, '.vite', 'office-chunks.json'),
  JSON.stringify({ 'office-inbox': { scripts: ['/assets/office-inbox-5.js'], styles: [] } }),
);
fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
fs.writeFileSync(path.join(root, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};`;
fs.writeFileSync(path.join(root, 'assets', 'big-5678.js'), script);
await precompressDirectory(root);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const app = new Hono();
mountStaticSite(app, root);

describe('the built site', () => {
  it("answers the app's pages with index.html", async () => {
    expect(await (await app.request('/quotes')).text()).toContain('<title>portal</title>');
  });

  it("names a signed-in screen's chunks in its page when the request carries a session cookie", async () => {
    const page = async (p: string, cookie?: string) => (await app.request(p, { headers: cookie ? { cookie } : {} })).text();
    const signedIn = 'theme=light; portal.session_token=abc.def';
    const dashboard = await page('/', signedIn);
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/customer-dashboard-1.js">');
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/customer-signed-in-2.js">');
    expect(dashboard).toContain('<link rel="preload" as="style" crossorigin href="/assets/customer-signed-in-3.css">');
    expect(dashboard).toContain('<script async fetchpriority="high" src="/assets/warm-intl-6.js"></script>');
    expect(dashboard.indexOf('customer-signed-in-2.js')).toBeLessThan(dashboard.indexOf('</head>'));
    const quote = await page('/quotes/12', '__Secure-portal.session_token=x');
    expect(quote).toContain('href="/assets/customer-quotes-4.js"');
    expect(quote).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/get-session">');
    expect(quote).toContain('<link rel="preload" as="fetch" crossorigin href="/api/quotes/12">');
    expect(await page('/office', 'office.session_token=y')).toContain('href="/assets/office-inbox-5.js"');
    // Signed out, another page, or not a record number: the page as built.
    expect(await page('/')).not.toContain('modulepreload');
    expect(await page('/', 'portal.session_data=x')).not.toContain('modulepreload');
    expect(await page('/login', signedIn)).not.toContain('modulepreload');
    expect(await page('/quotes/new', signedIn)).not.toContain('modulepreload');
    expect(await page('/office', signedIn.replace('portal', 'office'))).not.toContain('customer-');
  });

  it('does not serve source maps or the build manifest', async () => {
    for (const p of ['/assets/app-1234.js.map', '/.vite/manifest.json']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('secret.ts');
    }
  });

  it('sends the brotli or gzip copy the browser accepts, with Vary, and the bytes decode to the file', async () => {
    const br = await app.request('/assets/big-5678.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await app.request('/assets/big-5678.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/big-5678.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});

describe('cache headers', () => {
  it('gives every file one: hashed assets a year, other files a day, pages none', async () => {
    fs.writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *\nDisallow: /office\n');
    expect((await app.request('/assets/app-1234.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/robots.txt')).headers.get('cache-control')).toBe('public, max-age=86400');
    expect((await app.request('/index.html')).headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/quotes')).headers.get('cache-control')).toBe('no-cache');
  });
});
