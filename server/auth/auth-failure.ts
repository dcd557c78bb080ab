import { sql, type Kysely } from 'kysely';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';

/**
 * Better Auth answers a database failure inside one of its endpoints with its own 500. When that
 * happens and the database does not answer either, the caller gets the same 503 and clear message as
 * every other route during an outage; any other 5xx is logged with its context and passed on.
 */
export async function explainAuthFailure(
  response: Response,
  context: { method: string; path: string },
  probe: () => Promise<void>,
  logger: Logger,
): Promise<Response> {
  if (response.status < 500) return response;
  try {
    await probe();
  } catch (err) {
    logger.error('database unavailable during a sign-in request', { ...context, err });
    return Response.json(
      { error: { code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a moment.' } },
      { status: 503, headers: { 'Retry-After': '5' } },
    );
  }
  logger.error('sign-in endpoint failed', { ...context, status: response.status });
  return response;
}

export const probeDatabase = (db: Kysely<Database>) => async () => {
  await sql`SELECT 1`.execute(db);
};
