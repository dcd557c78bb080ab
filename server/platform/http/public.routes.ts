import { Hono } from 'hono';
import { sql } from 'kysely';
import type { PublicConfig } from '../../../contracts/public';
import type { AppDeps } from '../../app';

/** Routes anyone may call: the deployment's public settings and a health check. */
export function publicRoutes({ config, db }: AppDeps) {
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
    .get('/health', async (c) => {
      await sql`SELECT 1`.execute(db);
      return c.json({ status: 'ok' });
    });
}
