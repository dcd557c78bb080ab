import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contracts/endpoint';
import { createTestPortal, TEST_ORIGIN, type TestPortal } from '../support/harness';
import { createOfficeAccount } from '../support/office';
import { z } from 'zod';
import { endpointsOf, malformedBodies, malformedIds, malformedQueries, type Schema } from './malformed-values';

/**
 * Issue 21 item 8: every endpoint the contracts declare (found by reading contracts/**, so one added
 * tomorrow is covered without touching this file), and the Better Auth endpoints the apps call, get
 * malformed input of every kind (NUL and other control characters, lone surrogates, year-0 and
 * year-10000 dates, ids past int4, crafted cursors, wrong types, broken JSON, form bodies) and never
 * answer 5xx: a 400 with a message (or 401/403/404/409/429 where the caller has no right).
 */
const endpoints = endpointsOf(import.meta.glob(['../../contracts/**/*.ts', '!../../contracts/**/*.test.ts'], { eager: true }));

/** The Better Auth endpoints the apps use (not in contracts/: Better Auth defines them), with the shape of their bodies. */
const email = z.email();
const password = z.string().min(8);
const AUTH_ENDPOINTS: { path: string; body: Schema; signedIn?: boolean }[] = [
  { path: '/api/auth/sign-in/email', body: z.object({ email, password, rememberMe: z.boolean() }) },
  {
    path: '/api/auth/sign-up/email',
    body: z.object({ email, password, name: z.string(), phone: z.literal('555-0100'), address: z.string(), locale: z.enum(['en', 'es']) }),
  },
  { path: '/api/auth/request-password-reset', body: z.object({ email, redirectTo: z.literal('/reset-password') }) },
  { path: '/api/auth/reset-password', body: z.object({ newPassword: password, token: z.string() }) },
  // Issue 26.2: 'Email me a sign-in link' (the portal invitation's endpoints are in contracts/portal-access.ts).
  { path: '/api/auth/sign-in/magic-link', body: z.object({ email, callbackURL: z.literal('/') }) },
  { path: '/api/auth/two-factor/verify-totp', body: z.object({ code: z.string().regex(/^\d{6}$/), trustDevice: z.boolean() }) },
  // Signed in: the Settings page's name, phone and address.
  {
    path: '/api/auth/update-user',
    body: z.object({ name: z.string(), phone: z.literal('555-0100'), address: z.string() }),
    signedIn: true,
  },
];

let portal: TestPortal;
let customer: string;
let office: string;
const SEED = 21_08;
const RUNS_PER_ENDPOINT = 12;

beforeAll(async () => {
  portal = await createTestPortal();
  customer = await portal.signUp('edges@example.com');
  office = (await createOfficeAccount(portal, 'edges-owner@company.example', 'owner')).cookie;
  // One record of each kind, so a well-formed id reaches the code behind the lookup.
  await sql`INSERT INTO quotes (email, description, total) VALUES ('edges@example.com', 'q', 1)`.execute(portal.db);
  await sql`INSERT INTO work_orders (email, description, address) VALUES ('edges@example.com', 'd', 'a')`.execute(portal.db);
}, 120_000);
afterAll(() => portal?.close());

interface Failure {
  request: string;
  status: number;
  body: string;
}

// A new peer address per request, so Better Auth's per-address rate limit does not answer 429 to the noise.
let nextAddress = 1;
async function send(method: string, path: string, init: { cookie?: string; body?: string; type?: string }): Promise<Response> {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = init.type ?? 'application/json';
  return portal.runtime.app.request(
    path,
    { method, headers, body: init.body },
    { incoming: { socket: { remoteAddress: `10.21.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}` } } },
  );
}

/** Sends the request; a 5xx (or an error without a message) is recorded with what caused it. */
async function probe(failures: Failure[], method: string, path: string, init: { cookie?: string; body?: string; type?: string }) {
  const res = await send(method, path, init);
  const text = await res.text();
  const request = `${method} ${path} ${init.type ?? ''} ${init.body ?? ''}`.slice(0, 400);
  if (res.status >= 500) failures.push({ request, status: res.status, body: text.slice(0, 300) });
  else if (res.status >= 400 && res.headers.get('content-type')?.includes('json') && !/"message":"[^"]{4,}/.test(text)) {
    failures.push({ request, status: res.status, body: `no message: ${text.slice(0, 300)}` });
  }
}

/** A path segment as a client would send it; a lone surrogate (which encodeURIComponent refuses) as the invalid UTF-8 a crafted client sends. */
const segment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};
/** Runs the probes a few at a time: Better Auth's "forgot password" answers no sooner than 350 ms, whatever it is sent. */
async function inBatches<T>(items: T[], run: (item: T) => Promise<void>, size = 6) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

const fill = (endpoint: Endpoint, id: string) => endpoint.path.replace(/:(\w+)/g, () => segment(id));

describe('every endpoint, malformed input', () => {
  it('finds the endpoints in the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints.map((e) => `${e.method} ${e.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/work-orders',
        'GET /api/office/audit',
        'POST /api/quotes/:id/approve',
        'POST /api/office/staff/invite',
      ]),
    );
  });

  it('answers no 5xx to any endpoint of the contracts', async () => {
    const failures: Failure[] = [];
    for (const endpoint of endpoints) {
      const cookie = endpoint.path.startsWith('/api/office/') ? office : customer;
      const ids = endpoint.params ? malformedIds : ['1'];
      const paths = [
        ...ids.map((id) => fill(endpoint, id)),
        ...malformedQueries(endpoint.query as Schema | undefined, RUNS_PER_ENDPOINT, SEED).map((q) => `${fill(endpoint, '1')}?${q}`),
      ];
      await inBatches(paths, (path) =>
        endpoint.method === 'GET'
          ? probe(failures, 'GET', path, { cookie })
          : probe(failures, 'POST', path, { cookie, body: '{}', type: 'application/json' }),
      );
      if (endpoint.method === 'POST') {
        await inBatches(malformedBodies(endpoint.body as Schema | undefined, RUNS_PER_ENDPOINT, SEED), (body) =>
          probe(failures, 'POST', fill(endpoint, '1'), { cookie, body: body.text, type: body.type }),
        );
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers no 5xx to the Better Auth endpoints the apps use', async () => {
    const failures: Failure[] = [];
    for (const { path, body: schema, signedIn } of AUTH_ENDPOINTS) {
      const cookie = signedIn ? customer : undefined;
      await inBatches(malformedBodies(schema, RUNS_PER_ENDPOINT, SEED), (body) =>
        probe(failures, 'POST', path, { cookie, body: body.text, type: body.type }),
      );
    }
    // The reset link's token is in the path too (GET /api/auth/reset-password/:token).
    for (const token of ['a\u0000b', '\ud800', 'x'.repeat(5000), '%00']) {
      await probe(failures, 'GET', `/api/auth/reset-password/${segment(token)}?callbackURL=%2Freset-password`, {});
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers a form-encoded sign-in of an unconfirmed account as Better Auth does (403), not 500', async () => {
    const account = {
      email: 'unconfirmed-form@example.com',
      password: 'correct-horse-battery',
      name: 'Una',
      phone: '555-0100',
      address: '1 Test Street',
    };
    expect((await portal.request('/api/auth/sign-up/email', { body: account })).status).toBe(200);
    const res = await send('POST', '/api/auth/sign-in/email', {
      body: new URLSearchParams({ email: account.email, password: account.password }).toString(),
      type: 'application/x-www-form-urlencoded',
    });
    expect(res.status, await res.clone().text()).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
  });
});
