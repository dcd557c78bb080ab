import { sql, type Kysely } from 'kysely';
import type { AuthMethod } from '../../contracts/signatures';
import type { Database } from '../platform/db/schema';

/**
 * How the current session signed in, for the signature evidence (quote_approvals.auth_method and
 * the certificate: 'password', 'google' or 'sign_in_link'). Decision 201.
 *
 * 1. A sign-in that knows its own method records it on its session (session.sign_in_method,
 *    migration 082): the sign-in link's verification adds one line in its after-hook,
 *    `await recordSignInMethod(db, newSession.session.id, 'sign_in_link')`.
 * 2. Otherwise it is read from Better Auth's own rows: a Google sign-in refreshes the account row of
 *    provider 'google' (its tokens, so its updatedAt) just before it creates the session; a session
 *    created with no Google account refreshed around it came from the e-mail and password form.
 */

/** Seconds between the Google account's refresh and the session it opened (both in one callback request). */
const SAME_SIGN_IN_SECONDS = 60;

/** Records how a session signed in (called by a sign-in that Better Auth's rows cannot tell apart). */
export async function recordSignInMethod(db: Kysely<Database>, sessionId: string, method: AuthMethod): Promise<void> {
  await sql`UPDATE "session" SET sign_in_method = ${method} WHERE id = ${sessionId}`.execute(db);
}

/** The method of the session `sessionId` (its own record first, then Better Auth's account rows). */
export async function signInMethodOf(db: Kysely<Database>, sessionId: string): Promise<AuthMethod> {
  const { rows } = await sql<{ recorded: AuthMethod | null; google: boolean }>`
    SELECT s.sign_in_method AS recorded,
           EXISTS (SELECT 1 FROM account a
                    WHERE a."userId" = s."userId" AND a."providerId" = 'google'
                      AND a."updatedAt" BETWEEN s."createdAt" - make_interval(secs => ${SAME_SIGN_IN_SECONDS})
                                            AND s."createdAt" + make_interval(secs => ${SAME_SIGN_IN_SECONDS})) AS google
      FROM "session" s WHERE s.id = ${sessionId}`.execute(db);
  const row = rows[0];
  if (row?.recorded) return row.recorded;
  return row?.google ? 'google' : 'password';
}
