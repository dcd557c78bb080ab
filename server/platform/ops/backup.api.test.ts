import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { seedEmbeddedDataDir } from '../../../tests/support/database';
import { runTemplate } from '../../../tests/support/harness';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import { openEmbedded, startRuntime } from '../../runtime';
import { backup, OpsError, restore } from './backup-cli';

/** Real records through `npm run backup` (server running, and stopped) and `npm run restore`. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const dir = (name: string) => path.join(root, name);
const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'backup-test-secret-'.padEnd(40, 'x'), DATA_DIR: dataDir, ...extra });
const quotesIn = async (dataDir: string) => {
  const handle = await openEmbedded(dataDir);
  try {
    return (await sql<{ description: string; total: string }>`SELECT description, total::text FROM quotes ORDER BY id`.execute(handle.db))
      .rows;
  } finally {
    await handle.close();
  }
};

describe.skipIf(process.env.PORTAL_TEST_DB === 'postgres')('backup and restore of the embedded database', () => {
  it('round-trips records through a backup taken while the server runs, and one taken while it is stopped', async () => {
    const live = configFor(dir('live'));
    // The server starts on a copy of the run's migrated database (not under test here: main.process tests a first start).
    seedEmbeddedDataDir(dir('live'), runTemplate());
    const runtime = await startRuntime({ config: live, logger: createLogger('silent'), onlineBackup: true, mailPollMs: 60_000 });
    const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      await sql`INSERT INTO quotes (email, description, total, status) VALUES ('keep@example.com', 'Deck stain, 40 m²', 1234.56, 'Sent'), ('keep@example.com', 'Gutters', 0.10, 'Approved')`.execute(
        runtime.db,
      );
      const running = configFor(dir('live'), { PORT: String(port), HOST: '127.0.0.1' });
      expect(await backup(running, dir('online.tar.gz'))).toMatchObject({ via: 'server' });
      await expect(restore(running, dir('online.tar.gz'))).rejects.toMatchObject({
        exitCode: 75,
        message: expect.stringMatching(/Stop it/),
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await runtime.close();
    }

    const expected = [
      { description: 'Deck stain, 40 m²', total: '1234.56' },
      { description: 'Gutters', total: '0.10' },
    ];
    await restore(configFor(dir('fresh')), dir('online.tar.gz'));
    expect(await quotesIn(dir('fresh'))).toEqual(expected);

    expect(await backup(configFor(dir('fresh')), dir('offline.tar.gz'))).toMatchObject({ via: 'files' });
    const again = await restore(configFor(dir('fresh')), dir('offline.tar.gz'));
    expect(again.keptPrevious).toMatch(/pgdata\.before-restore-/);
    expect(await quotesIn(dir('fresh'))).toEqual(expected);
    // Embedded databases start and stop here several times: minutes, not seconds, on a loaded machine.
  }, 180_000);

  it('refuses a file that is not a backup and leaves the database as it was', async () => {
    fs.writeFileSync(dir('junk.tar.gz'), 'not a backup');
    await expect(restore(configFor(dir('fresh')), dir('junk.tar.gz'))).rejects.toThrow(/not a usable backup/);
    expect(await quotesIn(dir('fresh'))).toHaveLength(2);
  });

  it('points to pg_dump on a PostgreSQL server', async () => {
    const pg = configFor(dir('pg'), { DATABASE_URL: 'postgres://x@127.0.0.1:1/none' });
    const refusal = backup(pg, dir('x.tar.gz'));
    await expect(refusal).rejects.toBeInstanceOf(OpsError);
    await expect(refusal).rejects.toThrow(/pg_dump/);
  });
});
