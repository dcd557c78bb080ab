import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, sessionCookie, type TestPortal } from '../support/harness';

describe('security headers and cookies over http', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await createTestPortal();
  });
  afterAll(() => portal?.close());

  it('sends a CSP with no inline scripts and no framing, and the other protective headers', async () => {
    const res = await portal.request('/api/config');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('session cookies are HttpOnly and SameSite=Lax', async () => {
    await portal.signUp('cookie@example.com');
    const res = await portal.request('/api/auth/sign-in/email', {
      body: { email: 'cookie@example.com', password: 'correct-horse-battery' },
    });
    const token = res.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(token).toBeDefined();
    expect(token).toMatch(/HttpOnly/i);
    expect(token).toMatch(/SameSite=Lax/i);
    expect(token).not.toMatch(/;\s*Secure/i);
    expect(sessionCookie(res)).toBeTruthy();
  });
});

describe('over https', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await createTestPortal({ APP_URL: 'https://portal.example.com' });
  });
  afterAll(() => portal?.close());

  it('adds HSTS and marks session cookies Secure', async () => {
    const res = await portal.request('/api/config', { headers: { origin: 'https://portal.example.com' } });
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    await portal.request('/api/auth/sign-up/email', {
      headers: { origin: 'https://portal.example.com' },
      body: { email: 'secure@example.com', password: 'correct-horse-battery', name: 'S', phone: '1', address: 'a' },
    });
    await portal.db.updateTable('user').set({ emailVerified: true }).where('email', '=', 'secure@example.com').execute();
    const login = await portal.request('/api/auth/sign-in/email', {
      headers: { origin: 'https://portal.example.com' },
      body: { email: 'secure@example.com', password: 'correct-horse-battery' },
    });
    const token = login.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(token).toMatch(/;\s*Secure/i);
    expect(token).toMatch(/HttpOnly/i);
  });
});

describe('cross-site requests to the customer API', () => {
  let portal: TestPortal;
  let cookie: string;
  beforeAll(async () => {
    portal = await createTestPortal();
    cookie = await portal.signUp('csrf-api@example.com');
  });
  afterAll(() => portal?.close());

  it('are refused when they change something, from another origin or with no origin at all', async () => {
    const evil = await portal.request('/api/work-orders', {
      cookie,
      body: { address: 'a', description: 'b' },
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ error: { code: 'bad_origin' } });

    const formPost = await portal.runtime.app.request('/api/work-orders/1/cancel', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(formPost.status).toBe(403);
    const count = await portal.db
      .selectFrom('work_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('are served from the portal itself (Origin, or Sec-Fetch-Site same-origin)', async () => {
    expect((await portal.request('/api/work-orders', { cookie, body: { address: 'a', description: 'b' } })).status).toBe(201);
    const sameSite = await portal.runtime.app.request('/api/work-orders', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ address: 'a', description: 'c' }),
    });
    expect(sameSite.status).toBe(201);
    expect((await portal.request('/api/work-orders', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(200);
  });
});
