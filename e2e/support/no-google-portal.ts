import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from '../../server/platform/config';
import { createLogger } from '../../server/platform/logger';
import { defaultWebRoot, startRuntime } from '../../server/runtime';
import { freshEmbeddedDatabase, freshPostgresDatabase } from '../../tests/support/database';
import { rememberPasswordHashing } from '../../tests/support/password-hashes';

/**
 * A second portal, started by the test that needs it, whose server has no Google credentials:
 * what a company sees before it has set Google up. Same built web app as the main stack; a free
 * port chosen by the system, so parallel runs never collide.
 */
export async function startPortalWithoutGoogle() {
  // Listen first (on a free port), then build the portal whose APP_URL names that port.
  let handle: (req: Request, env: unknown) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  const server = serve({ fetch: (req, env) => handle(req, env), port: 0, hostname: '127.0.0.1' }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
  const port = (server.address() as AddressInfo).port;
  const baseURL = `http://localhost:${port}`;

  const database = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase() : await freshEmbeddedDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    APP_URL: baseURL,
    AUTH_SECRET: 'e2e-no-google-secret-'.padEnd(48, 'x'),
    DATA_DIR: '.e2e-data',
    LOG_LEVEL: 'error',
  });
  const webRoot = process.env.E2E_WEB_ROOT ? path.resolve(process.env.E2E_WEB_ROOT) : defaultWebRoot;
  const runtime = await startRuntime({ config, logger: createLogger(config.logLevel), database, webRoot });
  rememberPasswordHashing((await runtime.auth.$context).password);
  handle = runtime.app.fetch;
  return {
    baseURL,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await runtime.close();
    },
  };
}
