import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import type { Auth } from './auth/auth';
import type { Config } from './platform/config';
import type { HourlyLimits } from './platform/db/hourly-limit';
import type { Database } from './platform/db/schema';
import type { Logger } from './platform/logger';
import type { UploadBounds } from './modules/photos/upload-gate';
import type { PoolStats } from './platform/ops/metrics';

/**
 * What the app and every route factory receive. A leaf module (types only): routes import it
 * instead of app.ts, so the app and its routes never import each other.
 */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  auth: Auth;
  /** Signs our own cookies (registration proof); the same secret as Better Auth's. */
  secret: string;
  logger: Logger;
  /** Called after a route queues an e-mail, so the worker sends it without waiting for its poll. */
  onMailQueued: () => void;
  /** Readiness: the mail worker is polling (GET /api/ready). */
  isMailWorkerRunning: () => boolean;
  /** The PostgreSQL pool's counters for /metrics (absent on the embedded database). */
  poolStats?: (() => PoolStats) | undefined;
  /** The embedded database and the token `npm run backup` shows (server/platform/ops/backup-route.ts). */
  backup?: { pglite: PGlite | undefined; token: string | undefined } | undefined;
  /** What a customer may create per hour; load and fault tests raise it. */
  limits?: HourlyLimits | undefined;
  /** Bounds of photo uploads (server/modules/photos/upload-gate.ts); tests shorten them. */
  photoUploads?: Partial<UploadBounds> | undefined;
  /** The built web app; omitted in API tests and in development (Vite serves it). */
  webRoot?: string | undefined;
  /** Called after an approval's commit, so the seal worker makes its signed document at once (decision 269). */
  onSealQueued?: (() => void) | undefined;
}
