import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { seedEmbeddedDataDir } from '../support/database';
import { serverArgs } from '../support/server-bundle';

/** The real server process without full Google credentials: it starts, says which are missing, and tells the web app. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-google-'));
// A migrated database (global-setup's template): a first start is main.process.test.ts's to test, not this one's.
seedEmbeddedDataDir(dataDir, inject('pgliteTemplate'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('logs the missing Google variables at start-up and reports Google as not configured', async () => {
  const port = 39_881;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GOOGLE_')));
  child = spawn(process.execPath, serverArgs(inject('serverBundle')), {
    env: { ...env, NODE_ENV: 'development', DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info', GOOGLE_CLIENT_ID: 'only-the-id' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));

  let config: { googleConfigured?: boolean } | undefined;
  // Until the server answers: seconds alone, up to a minute while the whole suite (and PostgreSQL's fault tests) run beside it.
  for (const until = Date.now() + 90_000; !config && Date.now() < until;) {
    try {
      config = (await (await fetch(`http://127.0.0.1:${port}/api/config`)).json()) as { googleConfigured: boolean };
    } catch {
      // not listening yet
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  expect(config?.googleConfigured).toBe(false);
  const line = output.split('\n').find((l) => l.includes('Google sign-in is not configured'));
  expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 'warn', missing: ['GOOGLE_CLIENT_SECRET'] });
}, 120_000);
