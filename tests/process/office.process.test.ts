import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { lockDataDir } from '../../server/platform/db/lock';
import { seedEmbeddedDataDir } from '../support/database';
import { officeArgs } from '../support/server-bundle';

/** `npm run office -- invite` as its own process, on the embedded database and on PostgreSQL. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-office-cli-'));
// A migrated database (global-setup's template), as a portal that has run leaves it: a first start is main.process.test.ts's.
seedEmbeddedDataDir(dataDir, inject('pgliteTemplate'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function office(args: string[], env: Record<string, string>) {
  // The command bundled once per run (tests/support/server-bundle.ts, decision 278), from the project's folder.
  const child = spawn(process.execPath, officeArgs(inject('serverBundle'), args), {
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

const LINK = /http:\/\/localhost:3000\/office\/setup\?token=[\w-]{43}/;

describe('npm run office -- invite', () => {
  it('prints the set-up link on the embedded database, and says so clearly while a server holds it', async () => {
    const first = await office(['invite', '--email', 'Boss@Company.example', '--role', 'owner'], { DATA_DIR: dataDir });
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain('Invited boss@company.example as owner.');
    expect(first.out).toMatch(LINK);

    const unlock = await lockDataDir(dataDir);
    try {
      const locked = await office(['invite', '--email', 'sam@company.example', '--role', 'staff'], { DATA_DIR: dataDir });
      expect(locked.code).toBe(75);
      expect(locked.out).toMatch(
        /Another portal server is already using the data directory[\s\S]*stop it, run this command, then start the server again/,
      );
    } finally {
      await unlock();
    }
  }, 120_000);

  it('reset: prints a fresh set-up link for an office account (a lost authenticator), and refuses any other address', async () => {
    const reset = await office(['reset', '--email', 'BOSS@company.example'], { DATA_DIR: dataDir });
    expect(reset.code, reset.out).toBe(0);
    expect(reset.out).toContain('Reset boss@company.example (owner): signed out everywhere');
    expect(reset.out).toMatch(LINK);
    const unknown = await office(['reset', '--email', 'nobody@company.example'], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('There is no office account with this e-mail.');
  }, 120_000);

  it('explains a wrong command', async () => {
    const res = await office(['invite', '--email', 'not-an-address', '--role', 'boss'], { DATA_DIR: dataDir });
    expect(res.code).toBe(64);
    expect(res.out).toMatch(/Enter a valid e-mail address[\s\S]*The role must be owner or staff[\s\S]*Usage: npm run office -- invite/);
  }, 60_000);

  // Needs a PostgreSQL server: runs when TEST_DATABASE_URL is set (CI sets it).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'works on DATABASE_URL',
    async () => {
      const base = process.env.TEST_DATABASE_URL!;
      const name = `portal_cli_${crypto.randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const url = new URL(base);
        url.pathname = `/${name}`;
        const res = await office(['invite', '--email', 'pg@company.example', '--role', 'staff', '--lang', 'es'], {
          DATABASE_URL: url.toString(),
          DATA_DIR: dataDir,
        });
        expect(res.code, res.out).toBe(0);
        expect(res.out).toMatch(LINK);
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
    120_000,
  );
});
