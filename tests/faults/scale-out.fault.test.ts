import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { call } from './support/http';
import { startPortalServer, type PortalServer } from './support/portal-server';

/**
 * Scale-out: two instances behind a load balancer on one PostgreSQL, with the same AUTH_SECRET,
 * serve one signed-in customer in turn. Sessions live in the database, so a sign-in on one is a
 * sign-in on both and a sign-out on one ends the session on both.
 */
let pg: PrivatePostgres;
let a: PortalServer;
let b: PortalServer;
let stranger: PortalServer;

beforeAll(async () => {
  pg = await startPrivatePostgres();
  a = await startPortalServer({ databaseUrl: pg.url });
  b = await startPortalServer({ databaseUrl: pg.url });
  // Misconfigured: another AUTH_SECRET. Its cookies are signed differently.
  stranger = await startPortalServer({ databaseUrl: pg.url, secret: 'a-different-secret-'.padEnd(48, 'd') });
}, 60_000);

afterAll(async () => {
  await Promise.all([a, b, stranger].filter(Boolean).map((s) => s.close()));
  await pg?.destroy();
});

describe('two server instances on one PostgreSQL', () => {
  it('serve the same signed-in customer in turn, and a sign-out on one ends the session on both', async () => {
    const cookie = await a.signUp('scale@example.com', 'Sam Scale');

    const profileOnB = await call(b.url, '/api/profile', { cookie });
    expect(profileOnB.status).toBe(200);
    expect(profileOnB.body).toMatchObject({ email: 'scale@example.com', name: 'Sam Scale' });

    const created = await call(b.url, '/api/work-orders', {
      cookie,
      body: { address: '9 Balancer Way', description: 'Gutter hanging loose' },
    });
    expect(created.status).toBe(201);
    const listOnA = await call(a.url, '/api/work-orders', { cookie });
    expect(listOnA.status).toBe(200);
    expect((listOnA.body as { workOrders: { description: string }[] }).workOrders.map((w) => w.description)).toEqual([
      'Gutter hanging loose',
    ]);
    const dashboardOnB = await call(b.url, '/api/dashboard', { cookie });
    expect(dashboardOnB.status).toBe(200);

    const signedOut = await call(b.url, '/api/auth/sign-out', { cookie, body: {} });
    expect(signedOut.status).toBe(200);
    for (const instance of [a, b]) {
      // The other instance forgets its cached session when PostgreSQL's announcement of the sign-out
      // reaches it: milliseconds on a quiet machine, longer under load (seen: a 200 right after, at load
      // average 20). It must come: asked again for up to 10 s, and then it must be a 401.
      let after = await call(instance.url, '/api/dashboard', { cookie });
      for (const until = Date.now() + 10_000; after.status !== 401 && Date.now() < until;) {
        await new Promise((r) => setTimeout(r, 100));
        after = await call(instance.url, '/api/dashboard', { cookie });
      }
      expect(after.status).toBe(401);
      expect(after.body).toMatchObject({ error: { code: 'unauthenticated', message: 'You must be logged in.' } });
    }
  });

  it('needs the same AUTH_SECRET on every instance: another secret does not accept the cookie', async () => {
    const cookie = await a.signUp('secret@example.com');
    expect((await call(b.url, '/api/profile', { cookie })).status).toBe(200);
    expect((await call(stranger.url, '/api/profile', { cookie })).status).toBe(401);
  });
});
