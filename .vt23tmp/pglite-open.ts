import { PGlite } from '@electric-sql/pglite';
import { embeddedStartParams } from '../server/platform/db/connection';
import { pgliteExtensions } from '../server/platform/db/pglite-extensions';
import { freshEmbeddedDatabase } from '../tests/support/database';
import { loadConfig } from '../server/platform/config';
import { migrateToLatest } from '../server/platform/db/migrate';
import { authOptions } from '../server/auth/auth';
import { profileHooks } from '../server/profile-hooks';
import { createLogger } from '../server/platform/logger';

const handle = await freshEmbeddedDatabase();
const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
const logger = createLogger('silent');
await migrateToLatest(handle.db, (db) => authOptions(db, { config, secret: 'x'.repeat(32), logger, profile: profileHooks(config, logger, 'x'.repeat(32)) }));
await handle.pglite!.exec('CHECKPOINT');
const blob = await handle.pglite!.dumpDataDir('none');
await handle.close();
for (let round = 0; round < 4; round++) {
  for (const params of [undefined, embeddedStartParams]) {
    const cpu = process.cpuUsage(); const t = Date.now();
    const c = new PGlite({ loadDataDir: blob, parsers: { 20: (v: string) => Number(v) }, extensions: pgliteExtensions, ...(params ? { startParams: params } : {}) });
    await c.waitReady;
    await c.query('select count(*) from customers');
    const u = process.cpuUsage(cpu);
    console.log(params ? '16MB   ' : 'default', ((u.user + u.system) / 1e6).toFixed(2), 's cpu', ((Date.now() - t) / 1000).toFixed(1), 's wall');
    await c.close();
  }
}
