import fs from 'node:fs';
import v8 from 'node:v8';
import { serve } from '@hono/node-server';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/db/lock';
import { applyServerTimeouts } from './platform/http/server-timeouts';
import { createLogger } from './platform/logger';
import { defaultWebRoot, startRuntime } from './runtime';

/**
 * No allocation-site pretenuring. V8 allocates straight into the old generation from allocation sites
 * whose objects mostly survived a young collection (--trace-pretenuring-statistics: sites on pg's read
 * path go "maybe tenure => tenure" at a survival ratio of 1.0, e.g. while start-up's queries run).
 * An old object then holds its young children through every scavenge: pg's answer texts, rows and
 * row descriptions were promoted on every scavenge (about 2.5 MB each under load; --trace-gc-nvp)
 * and freed only by mark-compacts, which made the scavenges slow and the tail long. Without it,
 * 3 kB is promoted per scavenge (docs/performance.md, fourth round). Set before the server does any
 * work; the flag is read when the collector decides. (`node --no-allocation-site-pretenuring` is the same.)
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');

/** Reads config, opens the database, starts HTTP and the mail worker; stops cleanly on SIGTERM. */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  if ('missing' in config.google) {
    logger.warn('Google sign-in is not configured', { missing: config.google.missing });
  }
  if (config.env === 'production' && !config.smtpUrl) {
    logger.error('SMTP_URL is not set in production: e-mails (with their sign-in links) go to this log only; set SMTP_URL');
  }
  if (!fs.existsSync(defaultWebRoot)) {
    logger.warn('the web app is not built (dist/web); run `npm run build` or use `npm run dev`');
  }
  const runtime = await startRuntime({ config, logger, webRoot: defaultWebRoot, onlineBackup: true });
  const server = serve({ fetch: runtime.app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info('customer portal listening', {
      // Open this address: sign-in accepts requests only from APP_URL's origin.
      url: config.appUrl,
      listening: `${info.address}:${info.port}`,
      database: runtime.database.kind === 'embedded' ? `embedded (${config.dataDir})` : 'PostgreSQL',
      mail: config.smtpUrl ? 'SMTP' : 'log only (SMTP_URL not set)',
      // 'skipped': the migration list and Better Auth's schema are those of the last complete check.
      migrations: runtime.migrations,
      startedInMs: Math.round(performance.now()),
    });
  });

  applyServerTimeouts(server);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping: finishing requests in flight', { signal });
    const force = setTimeout(() => {
      logger.error('requests still open after 10 s; closing anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close(async () => {
      try {
        await runtime.close();
        logger.info('stopped cleanly');
        process.exit(0);
      } catch (err) {
        logger.error('error while closing the database', { err });
        process.exit(1);
      }
    });
    // Keep-alive connections would hold close() open; idle ones are closed now.
    (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(78);
  }
  process.stderr.write(`The portal could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
