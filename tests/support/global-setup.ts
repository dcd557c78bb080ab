import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { authOptions } from '../../server/auth/auth';
import { profileHooks } from '../../server/profile-hooks';
import { loadConfig } from '../../server/platform/config';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { createLogger } from '../../server/platform/logger';
import { freshEmbeddedDatabase, testDatabaseKind } from './database';

/**
 * Migrates one embedded database and dumps it, so each API test file starts from a copy in
 * well under a second instead of running initdb and every migration again.
 */
export default async function setup(project: TestProject) {
  if (testDatabaseKind() === 'postgres') return;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-')), 'template.tar.gz');
  const handle = await freshEmbeddedDatabase();
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
  const [secret, logger] = ['x'.repeat(32), createLogger('silent')];
  await migrateToLatest(handle.db, (db) => authOptions(db, { config, secret, logger, profile: profileHooks(config, logger, secret) }));
  const dump = await handle.pglite!.dumpDataDir('gzip');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
