import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { call, sleep, UNAVAILABLE_BODY, waitFor } from './support/http';
import { startLoad, type Customer, type Outcome } from './support/load';
import { startPortalServer, type PortalServer } from './support/portal-server';

/**
 * PostgreSQL restarted (cleanly, then as after a crash) while customers use the portal: during the
 * outage they are told to try again (503 with a clear message), the same server process recovers
 * on its own, and every submission it confirmed is stored.
 */
let pg: PrivatePostgres;
let portal: PortalServer;
const customers: Customer[] = [];

beforeAll(async () => {
  pg = await startPrivatePostgres();
  portal = await startPortalServer({ databaseUrl: pg.url });
  for (let i = 0; i < 4; i++) {
    const email = `restart-${i}@example.com`;
    customers.push({ email, cookie: await portal.signUp(email) });
  }
}, 60_000);

afterAll(async () => {
  await portal?.close();
  await pg?.destroy();
});

const statusOf = (o: Outcome) => o.status;

describe.each(['fast', 'immediate'] as const)('PostgreSQL stopped (%s) and started again under load', (mode) => {
  it('answers 503 with a clear message during the outage, recovers by itself and keeps every confirmed submission', async () => {
    const tag = `${mode}-${Date.now()}`;
    const load = startLoad({
      base: () => portal.url,
      customers,
      concurrency: 8,
      next: (customer, seq) =>
        seq % 3 === 2
          ? { route: 'GET /api/dashboard', path: '/api/dashboard' }
          : {
              route: 'POST /api/work-orders',
              path: '/api/work-orders',
              body: { address: `${seq} Outage Road`, description: `restart ${tag} ${customer.email} #${seq}` },
            },
    });

    await waitFor('work orders accepted before the outage', () => load.outcomes.filter((o) => o.status === 201).length >= 20);
    await pg.stop(mode);
    const stoppedAt = Date.now();
    await waitFor('requests answered during the outage', () => load.outcomes.filter((o) => o.startedAt > stoppedAt).length >= 30);
    const startingAt = Date.now();
    await pg.start();
    const backAt = Date.now();
    await waitFor(
      'work orders accepted after the restart',
      () => load.outcomes.filter((o) => o.startedAt > backAt && o.status === 201).length >= 20,
    );
    await sleep(Math.max(0, backAt + 1_000 - Date.now()));
    await load.stop();

    const { outcomes } = load;
    // Only three answers exist: done, stored, or "try again". No 500, no dropped connection.
    expect(new Set(outcomes.map(statusOf))).toEqual(new Set([200, 201, 503]));
    const during = outcomes.filter((o) => o.startedAt > stoppedAt && o.startedAt < startingAt);
    expect(during.length).toBeGreaterThanOrEqual(30);
    expect(during.filter((o) => o.status !== 503)).toEqual([]);
    for (const refused of outcomes.filter((o) => o.status === 503)) {
      expect(refused.body).toMatchObject(UNAVAILABLE_BODY); // each answer also carries its own requestId
      expect(refused.retryAfter).toBe('5');
    }

    // Recovered without restarting our process: once PostgreSQL is back, every request succeeds.
    const settled = outcomes.filter((o) => o.startedAt > backAt);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.filter((o) => o.status !== 200 && o.status !== 201)).toEqual([]);
    const health = await call(portal.url, '/api/health');
    expect(health.status).toBe(200);

    // Nothing it confirmed is lost: every 201 is in the table, exactly as submitted, for its customer.
    const confirmed = outcomes.filter((o) => o.status === 201);
    const stored = await portal.runtime.db
      .selectFrom('work_orders')
      .select(['id', 'email', 'address', 'description', 'status'])
      .where('description', 'like', `restart ${tag} %`)
      .execute();
    const storedById = new Map(stored.map((row) => [Number(row.id), row]));
    for (const outcome of confirmed) {
      const answer = outcome.body as { id: number };
      const row = storedById.get(answer.id);
      expect(row, `work order ${answer.id} was confirmed but is not stored`).toBeDefined();
      expect(row).toMatchObject({ address: outcome.sent!.address, description: outcome.sent!.description, status: 'Pending' });
      expect(row!.description).toContain(row!.email);
    }
    expect(confirmed.length).toBeGreaterThanOrEqual(40);
  }, 60_000);
});
