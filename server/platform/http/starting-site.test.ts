import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { whileStarting } from './starting-site';

// Inside the project: the static middleware serves only below the working directory.
const root = fs.mkdtempSync(path.join(process.cwd(), 'test-results-starting-'));
fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>portal</title>');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const config = loadConfig({ DATA_DIR: root });
const logger = createLogger('error');

describe('while the server starts', () => {
  it('serves pages at once with the security headers, and API requests once the app is ready', async () => {
    let open!: (app: { fetch: (r: Request) => Response }) => void;
    const ready = new Promise<{ fetch: (r: Request) => Response }>((resolve) => (open = resolve));
    const fetch = whileStarting({ config, logger, webRoot: root }, ready);

    const page = await fetch(new Request('http://localhost:3000/login'), {});
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>portal</title>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");

    let answered = false;
    const api = Promise.resolve(fetch(new Request('http://localhost:3000/api/health'), {})).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    open({ fetch: () => new Response('from the app') });
    expect(await (await api).text()).toBe('from the app');
    // Once ready, everything goes to the app, pages too.
    expect(await (await fetch(new Request('http://localhost:3000/login'), {})).text()).toBe('from the app');
  });

  it('never answers a POST from the page-only site', async () => {
    let open!: (app: { fetch: (r: Request) => Response }) => void;
    const ready = new Promise<{ fetch: (r: Request) => Response }>((resolve) => (open = resolve));
    const fetch = whileStarting({ config, logger, webRoot: root }, ready);
    const post = Promise.resolve(fetch(new Request('http://localhost:3000/login', { method: 'POST' }), {}));
    open({ fetch: () => new Response('from the app') });
    expect(await (await post).text()).toBe('from the app');
  });
});
