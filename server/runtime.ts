import fs from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { authOptions, createAuth } from './auth/auth';
import { backgroundTasks } from './auth/background-tasks';
import { resolveAuthSecret } from './auth/secret';
import { warnOfDemoOwner } from './auth/office/demo-owner';
import { SessionCache } from './auth/session-cache';
import { customerSessionRenewal, useSessionCache } from './auth/session-guard';
import { startSessionRenewal } from './auth/session-renewal';
import { officeSessionRenewal } from './auth/office/guard';
import { listenForSessionChanges } from './auth/session-listener';
import { createOfficeSessionCache, useOfficeSessionCache } from './auth/office/session-cache';
import type { Config } from './platform/config';
import type { HourlyLimits } from './platform/db/hourly-limit';
import { openDatabase, openEmbedded, openPostgres, type DatabaseHandle } from './platform/db/connection';
import { migrateToLatest } from './platform/db/migrate';
import type { Logger } from './platform/logger';
import { logTransport, smtpTransport } from './platform/mail/transport';
import { startMailWorker, type MailTransport } from './platform/mail/worker';
import { startInvoiceJobs } from './modules/invoices/start-invoice-jobs';
import { startQuoteJobs } from './modules/quotes/start-quote-jobs';
import { startSealWorker } from './modules/signatures/start-seal-worker';
import { profileHooks } from './profile-hooks';
import { writeOpsToken } from './platform/ops/backup';

export interface RuntimeOptions {
  config: Config;
  logger: Logger;
  /** An already open database (tests); otherwise opened from the config. */
  database?: DatabaseHandle;
  webRoot?: string;
  mailTransport?: MailTransport;
  mailPollMs?: number;
  /** Seconds before a failed e-mail is retried (tests shorten it); exponential backoff by default. */
  mailRetryDelay?: (attempts: number) => number;
  /** What a customer may create per hour (server/platform/db/hourly-limit.ts); load and fault tests raise it. */
  limits?: HourlyLimits;
  /** Let `npm run backup` dump the embedded database through this server (writes DATA_DIR/ops-token). */
  onlineBackup?: boolean;
  /** How often quote expiry and reminders run (tests shorten it); 10 minutes by default. */
  quoteJobIntervalMs?: number;
  /** The seal worker (decision 269): how often it looks for due seals, and seconds before a failed one is retried. */
  sealPollMs?: number;
  sealRetryDelay?: (attempts: number) => number;
}

/** Everything the server is, wired together: used by main.ts, the tests and the e2e harness. */
export async function startRuntime(opts: RuntimeOptions) {
  const { config, logger } = opts;
  const database = opts.database ?? (await openDatabase(config));
  const secret = resolveAuthSecret(config.authSecret, config.dataDir);
  let nudge = () => {};
  const authTasks = backgroundTasks();
  const authDeps = {
    config,
    secret,
    logger,
    onMailQueued: () => nudge(),
    background: authTasks,
    profile: profileHooks(config, logger, secret),
  };
  // 'skipped' when the schema marker says this migration list was checked complete on this database.
  const migrations = await migrateToLatest(database.db, (db) => authOptions(db, authDeps));
  const auth = createAuth(database.db, authDeps);
  await warnOfDemoOwner(database.db, config, logger);
  // On PostgreSQL, sessions checked a moment ago skip the lookup; every instance forgets a session
  // the moment it ends (LISTEN). The embedded database is in-process: nothing to save there.
  const sessionCache = new SessionCache();
  const officeSessionCache = createOfficeSessionCache();
  const sessionListener =
    database.kind === 'postgres' && database.url
      ? listenForSessionChanges(database.url, [sessionCache, officeSessionCache], logger)
      : undefined;
  if (sessionListener) {
    useSessionCache(auth, sessionCache);
    useOfficeSessionCache(auth, officeSessionCache);
    await sessionListener.ready;
  }
  // The sessions in use read again together before their entries end (decision 295).
  const sessionRenewal = sessionListener
    ? startSessionRenewal(auth, logger, [customerSessionRenewal(sessionCache, database.db), officeSessionRenewal(officeSessionCache)])
    : undefined;

  const transport = opts.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : logTransport(logger));
  const mail = startMailWorker({ db: database.db, transport, logger, pollMs: opts.mailPollMs, retryDelay: opts.mailRetryDelay });
  nudge = mail.nudge;
  // Signed documents are sealed after the approval's commit (decision 269), beside the mail worker.
  const seals = startSealWorker({
    db: database.db,
    logger,
    onMailQueued: mail.nudge,
    pollMs: opts.sealPollMs,
    retryDelay: opts.sealRetryDelay,
  });
  // Quote expiry and reminders (exactly once across instances), next to the mail worker: once before the
  // server answers (lists show no quote as Sent past its day after a restart), then every interval.
  const quoteJobs = startQuoteJobs({
    db: database.db,
    config,
    secret,
    logger,
    onMailQueued: mail.nudge,
    intervalMs: opts.quoteJobIntervalMs,
  });
  await quoteJobs.runOnce();
  // Invoice reminders (contract-spec §3), the same way: exactly once across instances.
  const invoiceJobs = startInvoiceJobs({
    db: database.db,
    config,
    logger,
    onMailQueued: mail.nudge,
    intervalMs: opts.quoteJobIntervalMs,
  });
  await invoiceJobs.runOnce();

  const opsToken = opts.onlineBackup && database.pglite ? writeOpsToken(config.dataDir) : undefined;
  const app = createApp({
    config,
    db: database.db,
    auth,
    secret,
    logger,
    onMailQueued: mail.nudge,
    isMailWorkerRunning: mail.isRunning,
    poolStats: database.poolStats,
    backup: { pglite: database.pglite, token: opsToken },
    webRoot: opts.webRoot,
    limits: opts.limits,
    onSealQueued: seals.kick,
  });
  return {
    app,
    auth,
    db: database.db,
    database,
    migrations,
    mail,
    seals,
    sessionCache,
    quoteJobs,
    invoiceJobs,
    /** Resolves once the e-mails requests queue after answering are queued. */
    authTasksSettled: () => authTasks.settled(),
    async close() {
      await authTasks.settled();
      await quoteJobs.stop();
      await invoiceJobs.stop();
      await sessionRenewal?.stop();
      await sessionListener?.close();
      await seals.stop();
      await mail.stop();
      await database.close();
    },
  };
}
export type Runtime = Awaited<ReturnType<typeof startRuntime>>;

export { openEmbedded, openPostgres };
/** The project's folder: where package.json is, above this file (server/) or the compiled bundle (dist/server/). */
function projectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}
export const defaultWebRoot = path.join(projectRoot(import.meta.dirname), 'dist', 'web');
