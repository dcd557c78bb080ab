import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { loadConfig } from '../../server/platform/config';
import { freshEmbeddedDatabase, freshPostgresDatabase } from '../../tests/support/database';
import { createLogger } from '../../server/platform/logger';
import path from 'node:path';
import type { Server } from 'node:http';
import { defaultWebRoot, startRuntime } from '../../server/runtime';
import { inviteOfficeAccount } from '../../server/auth/office/invite';
import { COMMAND_LINE_ACTOR } from '../../server/platform/audit';
import { rememberPasswordHashing } from '../../tests/support/password-hashes';
import { startMailSink } from './mail-sink';
import { quoteControl } from './quote-control';
import { startOidcProvider, TEST_GOOGLE_CLIENT } from './oidc-provider';
import { startFakeStripe } from '../../tests/support/fake-stripe';
import { E2E_BASE_URL, E2E_CONTROL_PORT, E2E_OIDC_PORT, E2E_PORT, E2E_SMTP_PORT, E2E_STRIPE_PORT } from './ports';

/**
 * The end-to-end stack in one process: the portal (built web app + API) on a fresh database,
 * a local SMTP sink, and a control port the tests use to put records in with SQL and read mail.
 * The control port is test support only; the product has no such door.
 */
const sink = startMailSink(E2E_SMTP_PORT);
// Google's stand-in, up before the portal so the portal's OpenID discovery finds it at start-up.
const idp = await startOidcProvider({ port: E2E_OIDC_PORT, redirectUris: [`${E2E_BASE_URL}/api/auth/callback/google`] });
// Stripe's stand-in (tests/support/fake-stripe): its hosted page posts signed webhooks to the portal.
const stripe = await startFakeStripe({ port: E2E_STRIPE_PORT, webhookUrl: `${E2E_BASE_URL}/api/payments/stripe/webhook` });
const database = process.env.TEST_DATABASE_URL ? await freshPostgresDatabase() : await freshEmbeddedDatabase();
const config = loadConfig({
  NODE_ENV: 'test',
  PORT: String(E2E_PORT),
  APP_URL: E2E_BASE_URL,
  AUTH_SECRET: 'e2e-secret-'.padEnd(48, 'x'),
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  // Each test context sends its own x-forwarded-for, so rate limits do not couple tests.
  TRUST_PROXY: 'true',
  DATA_DIR: '.e2e-data',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT.id,
  GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT.secret,
  GOOGLE_ISSUER: idp.issuer,
  STRIPE_SECRET_KEY: stripe.secretKey,
  STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
  STRIPE_API_BASE: stripe.url,
});
const runtime = await startRuntime({
  config,
  logger: createLogger(config.logLevel),
  database,
  webRoot: process.env.E2E_WEB_ROOT ? path.resolve(process.env.E2E_WEB_ROOT) : defaultWebRoot,
  mailPollMs: 300,
});
// scrypt once per password for the whole run, not once per account and sign-in (tests/support/password-hashes.ts).
const authContext = await runtime.auth.$context;
rememberPasswordHashing(authContext.password);
const server = serve({ fetch: runtime.app.fetch, port: E2E_PORT, hostname: '127.0.0.1' });
// Idle keep-alive connections stay open two minutes, not Node's 5 s: a test's API client reusing one just as the
// server closed it got ECONNRESET (a POST is not retried) when a loaded machine stretched a test's pause past 5 s.
(server as Server).keepAliveTimeout = 120_000;

const control = new Hono()
  .route('/quotes', quoteControl(runtime.db))
  .post('/sql', async (c) => {
    const { query, params = [] } = await c.req.json<{ query: string; params?: unknown[] }>();
    const result = await sql.raw(toLiteralQuery(query, params)).execute(runtime.db);
    return c.json({ rows: result.rows });
  })
  .get('/mail', (c) => {
    const to = c.req.query('to')?.toLowerCase();
    return c.json(to ? sink.messages.filter((m) => m.to.includes(to)) : sink.messages);
  })
  // What `npm run office -- invite` does (the same function, the command line as the actor), on this stack's database.
  .post('/office/invite', async (c) => {
    const input = await c.req.json<{ email: string; role: 'owner' | 'staff'; locale?: 'en' | 'es'; name?: string }>();
    const invitation = await inviteOfficeAccount({ auth: runtime.auth, db: runtime.db, config }, input, { actor: COMMAND_LINE_ACTOR });
    return c.json({ userId: invitation.userId, link: invitation.link });
  })
  // A confirmed customer account as sign-up and the e-mailed link leave it (Better Auth's own user and
  // credential rows), without the sign-up's request, confirmation e-mail and link: the sign-up itself is
  // tested in auth.spec.ts.
  .post('/customers', async (c) => {
    const input = await c.req.json<{ email: string; password: string; name: string; phone: string; address: string; locale?: string }>();
    const user = await authContext.internalAdapter.createUser(
      {
        email: input.email.toLowerCase(),
        name: input.name,
        phone: input.phone,
        address: input.address,
        locale: input.locale ?? 'en',
        emailVerified: true,
      },
      { method: 'email-password' },
    );
    await authContext.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await authContext.password.hash(input.password),
    });
    return c.json({ userId: user.id });
  })
  .post('/mail/accepting', async (c) => {
    sink.setAccepting((await c.req.json<{ accepting: boolean }>()).accepting);
    return c.json({ ok: true });
  });
const controlServer = serve({ fetch: control.fetch, port: E2E_CONTROL_PORT, hostname: '127.0.0.1' });

/** Kysely's raw SQL takes no parameters: inline them as literals (test data only). */
function toLiteralQuery(query: string, params: unknown[]): string {
  return query.replace(/\$(\d+)/g, (_m, n: string) => {
    const v = params[Number(n) - 1];
    if (v === null || v === undefined) return 'NULL';
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return `'${String(v).replace(/'/g, "''")}'`;
  });
}

const stop = async () => {
  server.close();
  controlServer.close();
  await runtime.close();
  await sink.close();
  await idp.close();
  await stripe.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
