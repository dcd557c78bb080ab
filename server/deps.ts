import type { Kysely } from 'kysely';
import type { Auth } from './auth/auth';
import type { Config } from './platform/config';
import type { HourlyLimits } from './platform/db/hourly-limit';
import type { Database } from './platform/db/schema';
import type { Logger } from './platform/logger';

/**
 * What the app and every route factory receive. A leaf module (types only): routes import it
 * instead of app.ts, so the app and its routes never import each other.
 */
export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  auth: Auth;
  logger: Logger;
  /** Called after a route queues an e-mail, so the worker sends it without waiting for its poll. */
  onMailQueued: () => void;
  /** What a customer may create per hour; load and fault tests raise it. */
  limits?: HourlyLimits | undefined;
  /** The built web app; omitted in API tests and in development (Vite serves it). */
  webRoot?: string | undefined;
}
