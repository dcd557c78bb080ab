import { Hono } from 'hono';
import { sql } from 'kysely';
import { getHealth, getPublicConfig, type PublicConfig } from '../../../contracts/public';
import type { AppDeps } from '../../deps';

/** Routes anyone may call: the deployment's public settings and a health check. */
export function publicRoutes({ config, db }: Pick<AppDeps, 'config' | 'db'>) {
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
    .on(getPublicConfig.method, getPublicConfig.path, (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.json(publicConfig);
    })
    .on(getHealth.method, getHealth.path, async (c) => {
      await sql`SELECT 1`.execute(db);
      return c.json({ status: 'ok' as const });
    });
}
