import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { serverArgs } from '../support/server-bundle';

/** The real server process (the bundle `npm start` runs): a second one on the same DATA_DIR is refused; SIGTERM stops cleanly. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.kill('SIGKILL'));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number) {
  const child = spawn(process.execPath, serverArgs(inject('serverBundle')), {
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** A fresh data directory runs initdb: seconds alone, up to two minutes beside the whole suite and the lint (a ceiling, not a pace: decision 193). */
async function waitForHealth(port: number, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy');
}

describe('server process', () => {
  it('refuses a second server on the same data directory and stops cleanly on SIGTERM', async () => {
    const first = startServer(39_871);
    await waitForHealth(39_871);

    const second = startServer(39_872);
    expect(await second.exited).toBe(78);
    expect(second.output()).toMatch(/Another portal server is already using the data directory/);

    const stillUp = await fetch('http://127.0.0.1:39871/api/health');
    expect(stillUp.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/stopped cleanly/);
  }, 200_000);

  it('names a bad variable and exits before touching anything', async () => {
    const child = spawn(process.execPath, serverArgs(inject('serverBundle')), {
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(78);
    expect(err).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 30_000);
});
