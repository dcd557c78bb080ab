import { Hono } from 'hono';
import { sql } from 'kysely';
import { getHealth, getPublicConfig, getReady, type PublicConfig, type Readiness } from '../../../contracts/public';
import type { AppDeps } from '../../deps';
import { migrations } from '../db/migrations';

/** Routes anyone may call: the deployment's public settings, liveness and readiness. */
export function publicRoutes({ config, db, isMailWorkerRunning }: Pick<AppDeps, 'config' | 'db' | 'isMailWorkerRunning'>) {
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
    pdfPaperSize: config.pdfPaperSize,
    timeZone: config.company.timeZone,
    onlinePayments: config.stripe !== undefined,
  };
  return (
    new Hono()
      .on(getPublicConfig.method, getPublicConfig.path, (c) => {
        c.header('Cache-Control', 'public, max-age=300');
        return c.json(publicConfig);
      })
      // Alive: the process answers and reaches its database.
      .on(getHealth.method, getHealth.path, async (c) => {
        await sql`SELECT 1`.execute(db);
        return c.json({ status: 'ok' as const });
      })
      // Ready for traffic (a load balancer's check).
      .on(getReady.method, getReady.path, async (c) => {
        const applied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM kysely_migration`
          .execute(db)
          .then((r) => Number(r.rows[0]?.n ?? 0))
          .catch(() => -1);
        const checks: Readiness['checks'] = {
          database: applied >= 0,
          migrations: applied >= Object.keys(migrations).length,
          mailWorker: isMailWorkerRunning(),
        };
        const ready = Object.values(checks).every(Boolean);
        return c.json({ status: ready ? 'ready' : 'not_ready', checks } satisfies Readiness, ready ? 200 : 503);
      })
  );
}
