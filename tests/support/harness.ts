import { inject } from 'vitest';
import type { Kysely } from 'kysely';
import { loadConfig, type Config } from '../../server/platform/config';
import type { Database } from '../../server/platform/db/schema';
import { createLogger } from '../../server/platform/logger';
import { startRuntime, type Runtime } from '../../server/runtime';
import type { MailTransport, OutboxRow } from '../../server/platform/mail/worker';
import { freshTestDatabase, testDatabaseKind } from './database';
import { rememberHashes, rememberPasswordHashing } from './password-hashes';

export const TEST_ORIGIN = 'http://localhost:3000';

/** Keeps what the mail worker delivers, so a test can read the message and follow its link. */
export function memoryTransport() {
  const sent: OutboxRow[] = [];
  let failing = false;
  const transport: MailTransport = {
    via: 'memory',
    async send(row) {
      if (failing) throw new Error('SMTP unavailable (test)');
      sent.push(row);
    },
  };
  return { transport, sent, setFailing: (value: boolean) => (failing = value) };
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
  /** The socket's peer address; by default a new one per request, so rate limits do not couple tests. */
  ip?: string;
}

let nextAddress = 1;
const freshAddress = () => `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;

export interface TestPortal {
  runtime: Runtime;
  db: Kysely<Database>;
  config: Config;
  mail: ReturnType<typeof memoryTransport>;
  /** A request through the app in-process, with the Origin Better Auth requires. */
  request(path: string, init?: RequestOptions): Promise<Response>;
  /** Registers, confirms by the e-mailed link and signs in; returns the session cookie. */
  signUp(email: string, extra?: Partial<{ name: string; phone: string; address: string; password: string }>): Promise<string>;
  close(): Promise<void>;
}

/**
 * The migrated template of this run (global-setup): a dump on the embedded database, a template
 * database on PostgreSQL; undefined outside a vitest project with that set-up (then a fresh database,
 * migrated at start).
 */
export function runTemplate(): string | undefined {
  try {
    return testDatabaseKind() === 'postgres' ? inject('postgresTemplate') : inject('pgliteTemplate');
  } catch {
    return undefined;
  }
}

export async function createTestPortal(env: Record<string, string> = {}): Promise<TestPortal> {
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'test-secret-'.padEnd(40, 'x'), APP_URL: TEST_ORIGIN, ...env });
  const logger = createLogger((process.env.TEST_LOG_LEVEL as 'debug' | undefined) ?? 'silent');
  const database = await freshTestDatabase(runTemplate());
  const mail = memoryTransport();
  const runtime = await startRuntime({ config, logger, database, mailTransport: mail.transport, mailPollMs: 60_000 });
  // scrypt once per password per run, not once per account (password-hashes.ts).
  try {
    rememberHashes(inject('passwordHashes'));
  } catch {
    // Outside a vitest project with that global set-up: each file makes its own.
  }
  rememberPasswordHashing((await runtime.auth.$context).password);

  const request: TestPortal['request'] = async (path, init = {}) => {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...init.headers };
    if (init.cookie) headers.cookie = init.cookie;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return runtime.app.request(
      path,
      {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      { incoming: { socket: { remoteAddress: init.ip ?? freshAddress() } } },
    );
  };

  const signUp: TestPortal['signUp'] = async (email, extra = {}) => {
    const password = extra.password ?? 'correct-horse-battery';
    const res = await request('/api/auth/sign-up/email', {
      body: {
        email,
        password,
        name: extra.name ?? 'Test Customer',
        phone: extra.phone ?? '555-0100',
        address: extra.address ?? '1 Test Street',
        callbackURL: '/',
      },
    });
    if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    if (config.requireEmailVerification) {
      await runtime.mail.drain();
      const message = [...mail.sent].reverse().find((m) => m.to_address === email.toLowerCase() && m.kind === 'verify-email');
      const link = message?.text_body.match(/https?:\/\/\S+/)?.[0];
      if (!link) throw new Error(`no confirmation e-mail for ${email}`);
      const url = new URL(link);
      // The registering browser keeps the cookie that proves it chose the password (one-click link).
      const verified = await request(url.pathname + url.search, { cookie: cookies(res) });
      const cookie = sessionCookie(verified);
      if (!cookie) throw new Error(`confirmation did not sign in: ${verified.status}`);
      return cookie;
    }
    return sessionCookie(res) ?? '';
  };

  return { runtime, db: runtime.db, config, mail, request, signUp, close: () => runtime.close() };
}

/** The cookie header a browser would send back after this response (every cookie it sets). */
export function cookies(res: Response): string | undefined {
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='));
  return set.length ? set.join('; ') : undefined;
}

/** The session cookies of this response, if it signed someone in. */
export function sessionCookie(res: Response): string | undefined {
  const set = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => c.startsWith('portal.session') && !c.endsWith('='));
  return set.length ? set.join('; ') : undefined;
}
