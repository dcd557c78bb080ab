import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { mountStaticSite } from './static-site';

// Inside the project: the static middleware serves only below the working directory.
const root = fs.mkdtempSync(path.join(process.cwd(), 'test-results-web-'));
fs.mkdirSync(path.join(root, 'assets'));
fs.mkdirSync(path.join(root, '.vite'));
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>portal</title>');
fs.writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
fs.writeFileSync(path.join(root, 'assets', 'app-1234.js.map'), '{"sources":["secret.ts"]}');
fs.writeFileSync(path.join(root, '.vite', 'manifest.json'), '{}');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const app = new Hono();
mountStaticSite(app, root);

describe('the built site', () => {
  it('answers the app\'s pages with index.html', async () => {
    expect(await (await app.request('/quotes')).text()).toContain('<title>portal</title>');
  });

  it('does not serve source maps or the build manifest', async () => {
    for (const p of ['/assets/app-1234.js.map', '/.vite/manifest.json']) {
      const res = await app.request(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('secret.ts');
    }
  });
});
