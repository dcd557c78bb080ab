import { sql, type Kysely } from 'kysely';
import type { AuthMethod } from '../../contracts/signatures';
import type { Database } from '../platform/db/schema';
import type { SignInMethod } from './session-origin';

/**
 * How the current session signed in, for the signature evidence (quote_approvals.auth_method and
 * the certificate: 'password', 'google' or 'sign_in_link'). Decision 201.
 *
 * 1. Better Auth records how it made each session (session.sign_in_method, session-origin.ts): a
 *    session made by a link e-mailed to the signer (sign-in link, portal invitation) is
 *    'sign_in_link'; Google is 'google'; the password form, the confirmation link that ends a
 *    password sign-up, and the office's second factor are 'password'.
 * 2. A session made before that was recorded is read from Better Auth's own rows: a Google sign-in
 *    refreshes the account row of provider 'google' (its tokens, so its updatedAt) just before it
 *    creates the session; a session created with no Google account refreshed around it came from the
 *    e-mail and password form.
 */
const CERTIFICATE_METHOD: Record<SignInMethod, AuthMethod> = {
  password: 'password',
  'two-factor': 'password',
  google: 'google',
  'magic-link': 'sign_in_link',
  invitation: 'sign_in_link',
  'confirmation-link': 'password',
};

/** Seconds between the Google account's refresh and the session it opened (both in one callback request). */
const SAME_SIGN_IN_SECONDS = 60;

/**
 * The method of the signed-in customer's session, from what the session guard carried (its record,
 * read with the session): no query unless the session predates the record.
 */
export async function sessionSignInMethod(
  db: Kysely<Database>,
  session: { sessionId: string; signInMethod: string | null },
): Promise<AuthMethod> {
  const recorded = session.signInMethod ? CERTIFICATE_METHOD[session.signInMethod as SignInMethod] : undefined;
  return recorded ?? signInMethodOf(db, session.sessionId);
}

/** The method of the session `sessionId` (its own record first, then Better Auth's account rows). */
export async function signInMethodOf(db: Kysely<Database>, sessionId: string): Promise<AuthMethod> {
  const { rows } = await sql<{ recorded: string | null; google: boolean }>`
    SELECT s.sign_in_method AS recorded,
           EXISTS (SELECT 1 FROM account a
                    WHERE a."userId" = s."userId" AND a."providerId" = 'google'
                      AND a."updatedAt" BETWEEN s."createdAt" - make_interval(secs => ${SAME_SIGN_IN_SECONDS})
                                            AND s."createdAt" + make_interval(secs => ${SAME_SIGN_IN_SECONDS})) AS google
      FROM "session" s WHERE s.id = ${sessionId}`.execute(db);
  const row = rows[0];
  const recorded = row?.recorded ? CERTIFICATE_METHOD[row.recorded as SignInMethod] : undefined;
  if (recorded) return recorded;
  return row?.google ? 'google' : 'password';
}
