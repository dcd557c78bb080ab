import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { sql, type Kysely } from 'kysely';
import client from 'prom-client';
import type { Database } from '../db/schema';

export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * Prometheus metrics: request rate and latency by route pattern (never by raw URL, so the label set
 * stays small), the mail outbox backlog and the age of its oldest unsent e-mail (read at scrape
 * time), the PostgreSQL pool, and Node's process metrics.
 */
export function createMetrics(db: Kysely<Database>, pool?: () => PoolStats) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'portal_' });
  const requests = new client.Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const outbox = async () =>
    (
      await sql<{ backlog: number; oldest: number | null }>`
        SELECT count(*)::int AS backlog, extract(epoch FROM now() - min(created_at))::float8 AS oldest
        FROM mail_outbox WHERE sent_at IS NULL`.execute(db)
    ).rows[0]!;
  new client.Gauge({
    name: 'portal_mail_outbox_backlog',
    help: 'E-mails queued and not yet delivered',
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).backlog));
    },
  });
  new client.Gauge({
    name: 'portal_mail_outbox_oldest_unsent_seconds',
    help: 'Age of the oldest undelivered e-mail (0 when none)',
    registers: [registry],
    async collect() {
      this.set(Number((await outbox()).oldest ?? 0));
    },
  });
  if (pool) {
    const gauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new client.Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool()));
        },
      });
    gauge('portal_db_pool_connections', 'Connections open in the PostgreSQL pool', (s) => s.totalCount);
    gauge('portal_db_pool_idle', 'Idle connections in the PostgreSQL pool', (s) => s.idleCount);
    gauge('portal_db_pool_waiting', 'Queries waiting for a pooled connection', (s) => s.waitingCount);
  }

  const record = createMiddleware(async (c, next) => {
    const stop = latency.startTimer();
    await next();
    // The route that answered: the first handler registered for this method (middleware and
    // catch-alls are registered for ALL methods), else 'unmatched'.
    const route = matchedRoutes(c).find((r) => r.method === c.req.method)?.path ?? 'unmatched';
    stop({ method: c.req.method, route });
    requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  });

  return { registry, record };
}

/** GET /metrics for a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; 404 otherwise. */
export function metricsRoute(registry: client.Registry, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return new Hono().get('/metrics', async (c) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) return c.text('Not found', 404);
    c.header('Content-Type', registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await registry.metrics());
  });
}
