import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../support/database';
import type { DatabaseHandle } from '../../server/platform/db/connection';

/**
 * Two server instances on one PostgreSQL, each keeping recently checked sessions in memory: a
 * session ended through one instance (or by SQL) is refused at once by the other.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
let database: DatabaseHandle | undefined;
const APP_URL = 'http://localhost:39990';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function startInstance(databaseUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL,
      AUTH_SECRET: 'two-instances-secret-'.padEnd(40, 'x'),
      REQUIRE_EMAIL_VERIFICATION: 'false',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${output}`);
    if (
      await fetch(`${base}/api/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return base;
  }
  throw new Error(`instance did not become ready: ${output}`);
}

const quotes = (base: string, cookie: string) =>
  fetch(`${base}/api/quotes`, { headers: { cookie, origin: APP_URL } }).then((r) => r.status);

async function signUp(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: APP_URL, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'two-instances-2026', name: 'Ana Two', phone: '555-0100', address: '1 Two Road' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

describe.runIf(enabled)('two instances with session caches', () => {
  let first: string;
  let second: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    first = await startInstance(database.url!);
    second = await startInstance(database.url!);
  }, 120_000);

  afterAll(async () => {
    children.forEach((c) => c.kill('SIGKILL'));
    await database?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a sign-out on one instance is refused at once on the other', async () => {
    const cookie = await signUp(first, 'ana.two@example.com');
    // The second instance checks the session, then keeps it.
    expect(await quotes(second, cookie)).toBe(200);
    expect(await quotes(second, cookie)).toBe(200);

    const out = await fetch(`${first}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: APP_URL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await quotes(second, cookie)).toBe(401);
    expect(await quotes(first, cookie)).toBe(401);
  });

  it('a session deleted with SQL (an operator revoking it) is refused at once on both', async () => {
    const cookie = await signUp(first, 'ben.two@example.com');
    expect(await quotes(first, cookie)).toBe(200);
    expect(await quotes(second, cookie)).toBe(200);

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    await client.query(`DELETE FROM "session" WHERE "userId" = (SELECT id FROM "user" WHERE email = 'ben.two@example.com')`);
    await client.end();
    expect(await quotes(second, cookie)).toBe(401);
    expect(await quotes(first, cookie)).toBe(401);
  });
});
