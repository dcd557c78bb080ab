import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadConfig } from '../../../server/platform/config';
import { openPostgres } from '../../../server/platform/db/connection';
import { createLogger, type LogLevel } from '../../../server/platform/logger';
import { startMailWorker, type MailTransport, type MailWorker, type MailWorkerOptions } from '../../../server/platform/mail/worker';
import { startRuntime, type Runtime } from '../../../server/runtime';

/** The load in these tests is far above what one customer may create in an hour. */
const UNLIMITED = { revisionRequests: Number.MAX_SAFE_INTEGER, workOrders: Number.MAX_SAFE_INTEGER };
export const ORIGIN = 'http://localhost:3000';
export const SHARED_SECRET = 'fault-tests-shared-secret-'.padEnd(48, 's');
export const testLogger = () => createLogger((process.env.TEST_LOG_LEVEL as LogLevel | undefined) ?? 'silent');

/** A transport for an instance whose mail is not under test: it keeps nothing and never fails. */
const discardTransport: MailTransport = { via: 'discard', send: async () => {} };

export interface MailSetup {
  transport: MailTransport;
  /** Short retries, so a test does not wait for the production backoff (30 s, 1 min, ...). */
  retryDelay: MailWorkerOptions['retryDelay'];
  pollMs: number;
  batchSize?: number;
}

export interface PortalServer {
  /** http://127.0.0.1:<port> */
  url: string;
  runtime: Runtime;
  /** This instance's own mail worker, when `mail` was given. */
  worker: MailWorker | undefined;
  /** Registers a customer (no e-mail confirmation in these tests) and returns the session cookie. */
  signUp(email: string, name?: string): Promise<string>;
  close(): Promise<void>;
}

let nextAddress = 1;

/**
 * One portal instance as production runs it: the runtime (migrations, auth, routes) on its own
 * PostgreSQL pool, behind a real HTTP server on a free port. With `mail`, the instance's worker
 * delivers through that transport with the given retry delay, polling like production.
 */
export async function startPortalServer(opts: {
  databaseUrl: string;
  secret?: string;
  mail?: MailSetup;
  /** How often this instance runs quote expiry and reminders (10 minutes by default). */
  quoteJobIntervalMs?: number;
  /** More environment (e.g. STRIPE_* for the payment fault test). */
  env?: Record<string, string>;
}): Promise<PortalServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: opts.secret ?? SHARED_SECRET,
    APP_URL: ORIGIN,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    ...opts.env,
  });
  const logger = testLogger();
  const database = await openPostgres(opts.databaseUrl, 10);
  const runtime = await startRuntime({
    config,
    logger,
    database,
    mailTransport: discardTransport,
    mailPollMs: 3_600_000,
    limits: UNLIMITED,
    quoteJobIntervalMs: opts.quoteJobIntervalMs,
  });
  let worker: MailWorker | undefined;
  if (opts.mail) {
    // startRuntime takes no retry delay, so the instance's worker is replaced by one that has it;
    // it finds queued mail by polling (every pollMs), as it does after a restart.
    await runtime.mail.stop();
    worker = startMailWorker({ db: runtime.db, logger, ...opts.mail });
  }
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    runtime,
    worker,
    async signUp(email, name = 'Fault Test Customer') {
      // In-process with a distinct client address each, so the sign-up rate limit is not what we test.
      const res = await runtime.app.request(
        '/api/auth/sign-up/email',
        {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'correct-horse-battery', name, phone: '555-0100', address: '1 Test Street' }),
        },
        { incoming: { socket: { remoteAddress: `10.77.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}` } } },
      );
      if (!res.ok) throw new Error(`sign-up of ${email} failed: ${res.status} ${await res.text()}`);
      const cookie = res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0]!)
        .join('; ');
      if (!cookie) throw new Error(`sign-up of ${email} gave no session cookie`);
      return cookie;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      });
      await worker?.stop();
      await runtime.close();
    },
  };
}
