import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { LimitReachedError } from '../../../domain/errors';

/**
 * The set-up endpoints are public (a link's token is the only key), so each client address may call
 * them a limited number of times per window: a set-up takes three calls, a few retries fit easily,
 * guessing tokens or hammering the password hashing does not. Counted in the database, so every
 * server instance shares the count.
 */
export const SETUP_LIMIT = { max: 30, windowMinutes: 15 } as const;

const SETUP_LIMIT_MESSAGE = `Too many set-up attempts from your address. Please wait ${SETUP_LIMIT.windowMinutes} minutes and try again.`;

/** Counts one call from `ip`; throws 429 past the limit. */
export async function countSetupCall(db: Kysely<Database>, ip: string): Promise<void> {
  const windowStart = sql`now() - make_interval(mins => ${SETUP_LIMIT.windowMinutes})`;
  const { rows } = await sql<{ hits: number }>`
    INSERT INTO office_setup_hits AS h (ip, window_start, hits) VALUES (${ip}, now(), 1)
    ON CONFLICT (ip) DO UPDATE SET
      window_start = CASE WHEN h.window_start <= ${windowStart} THEN now() ELSE h.window_start END,
      hits = CASE WHEN h.window_start <= ${windowStart} THEN 1 ELSE h.hits + 1 END
    RETURNING hits`.execute(db);
  // Addresses whose window has passed are forgotten (the table stays as small as the recent traffic).
  await sql`DELETE FROM office_setup_hits WHERE window_start <= ${windowStart}`.execute(db);
  if (Number(rows[0]?.hits) > SETUP_LIMIT.max) throw new LimitReachedError(SETUP_LIMIT_MESSAGE, 'too_many_attempts');
}
