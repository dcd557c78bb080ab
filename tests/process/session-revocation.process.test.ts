import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshPostgresDatabase } from '../support/database';
import { serverArgs } from '../support/server-bundle';
import type { DatabaseHandle } from '../../server/platform/db/connection';

/**
 * Two server instances on one PostgreSQL, each keeping recently checked sessions in memory: a
 * session ended through one instance (or by SQL, or by an owner's 'Suspend') is refused at once by that instance
 * and by the other as soon as the database's announcement reaches it.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);
const children: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-two-'));
let database: DatabaseHandle | undefined;
const APP_URL = 'http://localhost:39990';
const AUTH_SECRET = 'two-instances-secret-'.padEnd(40, 'x');

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
  const child = spawn(process.execPath, serverArgs(inject('serverBundle')), {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      APP_URL,
      AUTH_SECRET,
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

const cookiesOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

const post = (url: string, body: unknown, cookie?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { origin: APP_URL, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const totp = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp });

/** `npm run office -- invite` on the instances' database: answers the set-up link's token. */
async function invite(databaseUrl: string, email: string, role: 'owner' | 'staff'): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/office.ts', 'invite', '--email', email, '--role', role], {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL, AUTH_SECRET, SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await new Promise((resolve) => child.on('exit', resolve));
  const token = out.match(/\/office\/setup\?token=([\w-]{43})/)?.[1];
  if (!token) throw new Error(`no set-up link: ${out}`);
  return token;
}

/** The set-up (password, first authenticator code) and a sign-in with both steps, through an instance's HTTP API. */
async function officeSession(base: string, databaseUrl: string, email: string, role: 'owner' | 'staff'): Promise<string> {
  const token = await invite(databaseUrl, email, role);
  const password = 'two-instances-office-2026';
  const enrol = await post(`${base}/api/office/setup/password`, { token, password });
  expect(enrol.status).toBe(200);
  const { secret } = (await enrol.json()) as { secret: string };
  // The previous period's code: each code works once, and the sign-in below uses the current one.
  // A period boundary passed between making the code and the server checking it makes that code two
  // periods old (refused, and not used up): the code of the new previous period is then the one to send.
  const finish = () => post(`${base}/api/office/setup/finish`, { token, password, code: totp(secret, Date.now() - 30_000) });
  const periodBefore = Math.floor(Date.now() / 30_000);
  let finished = await finish();
  if (finished.status === 400 && Math.floor(Date.now() / 30_000) !== periodBefore) finished = await finish();
  expect(finished.status).toBe(200);
  const step1 = await post(`${base}/api/auth/sign-in/email`, { email, password });
  expect(await step1.json()).toMatchObject({ twoFactorRedirect: true });
  const step2 = await post(`${base}/api/auth/two-factor/verify-totp`, { code: totp(secret) }, cookiesOf(step1));
  expect(step2.status).toBe(200);
  return cookiesOf(step2);
}

const officeMe = (base: string, cookie: string) =>
  fetch(`${base}/api/office/me`, { headers: { cookie, origin: APP_URL } }).then((r) => r.status);

/**
 * How long another instance may take to hear the database's announcement of a change (LISTEN on its own
 * connection): milliseconds on a quiet machine, seconds at load average 30. The instance that made the
 * change forgets at once (checked without waiting); a cache that never forgets fails after this.
 */
const ANNOUNCED = { timeout: 10_000, interval: 50 };

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

  it('a sign-out on one instance is refused on the other once the database announces it', async () => {
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
    expect(await quotes(first, cookie)).toBe(401);
    await expect.poll(() => quotes(second, cookie), ANNOUNCED).toBe(401);
  });

  it('a session deleted with SQL (an operator revoking it) is refused on both once the database announces it', async () => {
    const cookie = await signUp(first, 'ben.two@example.com');
    expect(await quotes(first, cookie)).toBe(200);
    expect(await quotes(second, cookie)).toBe(200);

    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    await client.query(`DELETE FROM "session" WHERE "userId" = (SELECT id FROM "user" WHERE email = 'ben.two@example.com')`);
    await client.end();
    await expect.poll(() => quotes(second, cookie), ANNOUNCED).toBe(401);
    await expect.poll(() => quotes(first, cookie), ANNOUNCED).toBe(401);
  });

  it("an owner's 'Suspend' on one instance: the staff member's session is refused on the other once the database announces it", async () => {
    const owner = await officeSession(first, database!.url!, 'boss.two@company.example', 'owner');
    const staff = await officeSession(first, database!.url!, 'sam.two@company.example', 'staff');
    // The second instance has checked the staff session, twice.
    expect(await officeMe(second, staff)).toBe(200);
    expect(await officeMe(second, staff)).toBe(200);

    const list = (await (await fetch(`${first}/api/office/staff`, { headers: { cookie: owner, origin: APP_URL } })).json()) as {
      staff: { id: string; email: string }[];
    };
    const sam = list.staff.find((s) => s.email === 'sam.two@company.example')!;
    expect((await post(`${first}/api/office/staff/${sam.id}/suspend`, {}, owner)).status).toBe(200);

    expect(await officeMe(first, staff)).toBe(401);
    await expect.poll(() => officeMe(second, staff), ANNOUNCED).toBe(401);
    // The owner is still in, on both.
    expect(await officeMe(second, owner)).toBe(200);
  }, 60_000);
});
