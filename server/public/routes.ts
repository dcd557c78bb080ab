import { Hono } from 'hono';
import { sql } from 'kysely';
import type { PublicConfig } from '../../contracts/config';
import type { AppDeps } from '../app';
import { migrations } from '../db/migrations';

/** Routes anyone may call: the deployment's public settings, liveness and readiness. */
export function publicRoutes({ config, db, isMailWorkerRunning }: AppDeps) {
  const publicConfig: PublicConfig = {
    company: {
      name: config.company.name,
      email: config.company.email,
      phones: config.company.phones,
      address: config.company.address,
      logoUrl: config.company.logo ?? null,
    },
    googleConfigured: 'clientId' in config.google,
    requireEmailVerification: config.requireEmailVerification,
  };
  return new Hono()
    .get('/config', (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(publicConfig);
    })
    // Alive: the process answers and reaches its database.
    .get('/health', async (c) => {
      await sql`SELECT 1`.execute(db);
      return c.json({ status: 'ok' });
    })
    // Ready for traffic (a load balancer's check): database answers, every migration applied, mail worker polling.
    .get('/ready', async (c) => {
      const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`
        .execute(db)
        .then((r) => Number(r.rows[0]?.n ?? 0))
        .catch(() => -1);
      const checks = {
        database: applied >= 0,
        migrations: applied >= Object.keys(migrations).length,
        mailWorker: isMailWorkerRunning(),
      };
      const ready = Object.values(checks).every(Boolean);
      return c.json({ status: ready ? 'ready' : 'not_ready', checks }, ready ? 200 : 503);
    });
}
