import { profileHooks } from '../../server/profile-hooks';
import fs from 'node:fs';
import { authOptions } from '../../server/auth/auth';
import { loadConfig } from '../../server/platform/config';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { dumpSchema } from '../../server/platform/db/schema-dump';
import { createLogger } from '../../server/platform/logger';
import { freshEmbeddedDatabase } from '../../tests/support/database';

/**
 * `npm run db:schema`: migrates a fresh in-memory embedded database and writes its schema to
 * server/platform/db/schema.sql (schema-dump.ts). Commit the file with the migration that changed it;
 * server/platform/db/schema-sql.api.test.ts fails while it is stale.
 */
export const SCHEMA_FILE = new URL('../../server/platform/db/schema.sql', import.meta.url);

const handle = await freshEmbeddedDatabase();
try {
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
  await migrateToLatest(handle.db, (db) =>
    authOptions(db, {
      config,
      secret: 'x'.repeat(32),
      logger: createLogger('silent'),
      profile: profileHooks(config, createLogger('silent'), 'x'.repeat(32)),
    }),
  );
  fs.writeFileSync(SCHEMA_FILE, await dumpSchema(handle.db));
  console.log(`wrote ${SCHEMA_FILE.pathname}`);
} finally {
  await handle.close();
}
