import { sql, type Kysely } from 'kysely';
import { LimitReachedError } from '../../../domain/errors';
import type { Database } from '../../platform/db/schema';

/**
 * /verify is public, so each client address may check only so many files per window (the office
 * set-up's limiter, server/auth/office/setup-rate-limit.ts, on its own table): guessing codes does
 * not pay, a customer checking a few copies never notices. Counted in the database, shared by
 * every server instance.
 */
export const VERIFY_LIMIT = { max: 20, windowMinutes: 15 } as const;

export async function countVerifyCall(db: Kysely<Database>, ip: string): Promise<void> {
  const windowStart = sql`now() - make_interval(mins => ${VERIFY_LIMIT.windowMinutes})`;
  const { rows } = await sql<{ hits: number }>`
    INSERT INTO signature_verify_hits AS h (ip, window_start, hits) VALUES (${ip}, now(), 1)
    ON CONFLICT (ip) DO UPDATE SET
      window_start = CASE WHEN h.window_start <= ${windowStart} THEN now() ELSE h.window_start END,
      hits = CASE WHEN h.window_start <= ${windowStart} THEN 1 ELSE h.hits + 1 END
    RETURNING hits`.execute(db);
  await sql`DELETE FROM signature_verify_hits WHERE window_start <= ${windowStart}`.execute(db);
  if (Number(rows[0]?.hits) > VERIFY_LIMIT.max) {
    throw new LimitReachedError(`Too many checks from your address. Please wait ${VERIFY_LIMIT.windowMinutes} minutes and try again.`);
  }
}
