import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { openEmbedded } from '../../server/platform/db/connection';
import { seedEmbeddedDataDir } from '../support/database';

/**
 * What `npm start` runs once the build is current: the bundled server (scripts/build-server.ts), one
 * file with its packages, in a folder laid out as the project is (package.json, dist/server, dist/web,
 * node_modules for the packages left outside the bundle). A second start on the same database skips
 * the migration checks; a database marked by another migration list gets the full check.
 */
const project = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
const dataDir = path.join(project, 'data');
const PORT = 39_891;
const origin = `http://localhost:${PORT}`;
let child: ChildProcess | undefined;

beforeAll(() => {
  // The run's bundle (tests/support/server-bundle.ts: scripts/build-server.ts, once for the project).
  fs.cpSync(path.join(inject('serverBundle'), 'dist', 'server'), path.join(project, 'dist', 'server'), { recursive: true });
  fs.writeFileSync(path.join(project, 'package.json'), '{"type":"module"}');
  fs.mkdirSync(path.join(project, 'dist', 'web'), { recursive: true });
  fs.writeFileSync(path.join(project, 'dist', 'web', 'index.html'), '<!doctype html><title>Portal</title><div id="root"></div>');
  fs.symlinkSync(path.resolve('node_modules'), path.join(project, 'node_modules'), 'dir');
  // A migrated database (global-setup's template): the first start of an empty one is main.process.test.ts's.
  seedEmbeddedDataDir(dataDir, inject('pgliteTemplate'));
}, 120_000);
afterEach(async () => {
  // A failed test may leave its server running; the next one needs the data directory.
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
});
afterAll(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

/** Starts the bundle, waits for /api/health, and returns what its "listening" line said. */
async function start(): Promise<{ migrations: string; startedInMs: number }> {
  child = spawn(process.execPath, ['--enable-source-maps', path.join(project, 'dist', 'server', 'main.js')], {
    cwd: project,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(PORT), APP_URL: origin, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // Seconds alone; up to a minute while the rest of the suite runs beside it.
  for (const until = Date.now() + 90_000; ;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > until) throw new Error(`no answer from /api/health:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const line = output.split('\n').find((l) => l.includes('customer portal listening'));
  return JSON.parse(line ?? '{}') as { migrations: string; startedInMs: number };
}

async function stop() {
  const exited = new Promise((resolve) => child!.once('exit', resolve));
  child!.kill('SIGTERM');
  expect(await exited).toBe(0);
  child = undefined;
}

const customer = { name: 'Bundle Customer', phone: '555-0100', address: '1 Test Street', callbackURL: '/' };

describe('npm start, the built server', () => {
  it('serves pages and the API from the bundle, and its second start skips the migration checks', async () => {
    await start();
    const page = await fetch(`${origin}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // Better Auth, the password rules (zxcvbn's dictionaries), zod and the mail queue, all from the bundle.
    const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ ...customer, email: 'bundle@example.com', password: 'correct-horse-battery' }),
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const weak = await fetch(`${origin}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ ...customer, email: 'weak@example.com', password: 'password123' }),
    });
    expect(weak.status).toBe(400);
    await stop();

    const second = await start();
    expect(second.migrations).toBe('skipped');
    expect(second.startedInMs).toBeGreaterThan(0);
    await stop();
  }, 240_000);

  it('runs the full check when the database was marked by another migration list, and marks it again', async () => {
    const database = await openEmbedded(dataDir);
    await sql`COMMENT ON TABLE kysely_migration IS 'portal-schema-v1:an-older-list'`.execute(database.db);
    await database.close();

    expect((await start()).migrations).toBe('checked');
    await stop();
    expect((await start()).migrations).toBe('skipped');
    await stop();
  }, 240_000);
});
