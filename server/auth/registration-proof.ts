import type { Context } from 'hono';
import { customerPages } from '../../contracts/pages';
import { generateSignedCookie, getSignedCookie } from 'hono/cookie';
import { verifyJWT } from 'better-auth/crypto';
import { sql, type Kysely } from 'kysely';
import { returnPathOrNull } from '../../contracts/return-path';
import type { Database } from '../platform/db/schema';
import { bodyParams } from './redirect-guard';

/**
 * Whoever reads the inbox chooses the password. A confirmation link signs in with the password chosen
 * at registration only in the browser that proved it knows that password (it registered the account,
 * or signed in to it with that password before confirming): that browser holds a signed cookie naming
 * the account. Anywhere else (someone registered your address, or you opened the e-mail on another
 * device) the link opens /confirm-email, where the reader of the inbox chooses the password.
 */
const PROOF_COOKIE = 'portal.registration';
const MAX_AGE = 24 * 3600; // as long as a confirmation link is valid

interface ProofDeps {
  db: Kysely<Database>;
  secret: string;
  appUrl: string;
}

export interface ConfirmationToken {
  email: string;
  userId?: string | undefined;
  updateTo?: string | undefined;
}

export const readConfirmationToken = async (token: string, secret: string) => (await verifyJWT(token, secret)) as ConfirmationToken | null;

/**
 * The unconfirmed account a confirmation token is for, if any. One without a password was made by a
 * sign-in whose provider had not verified the address (refused since issue 21.1, but such accounts
 * may remain): its link too only confirms a password the reader of the inbox chooses.
 */
export async function pendingPasswordAccount(db: Kysely<Database>, payload: ConfirmationToken | null) {
  if (!payload?.email || payload.updateTo) return undefined;
  const row = await db
    .selectFrom('user')
    .select(['user.id', 'user.emailVerified'])
    .select(sql<boolean>`EXISTS (SELECT 1 FROM account a WHERE a."userId" = "user".id AND a."providerId" = 'credential')`.as('hasPassword'))
    .where(sql`lower(email)`, '=', payload.email.toLowerCase())
    .executeTakeFirst();
  if (!row || row.emailVerified || (payload.userId && payload.userId !== row.id)) return undefined;
  return row;
}

export function registrationProof({ db, secret, appUrl }: ProofDeps) {
  const secure = appUrl.startsWith('https://');
  const cookieOptions = { path: '/api/auth', httpOnly: true, sameSite: 'Lax', secure, maxAge: MAX_AGE } as const;

  /** GET /api/auth/verify-email: a redirect to /confirm-email, or undefined to let Better Auth confirm. */
  const gate = async (c: Context): Promise<Response | undefined> => {
    const token = c.req.query('token');
    if (!token) return undefined;
    const account = await pendingPasswordAccount(db, await readConfirmationToken(token, secret));
    if (!account) return undefined; // invalid, already confirmed or no password: Better Auth answers
    const proof = await getSignedCookie(c, secret, PROOF_COOKIE);
    if (proof === account.id) return undefined;
    // The page the customer was heading to (an e-mailed record) stays the goal after confirming.
    const next = returnPathOrNull(c.req.query('callbackURL'));
    const keepNext = next ? `&next=${encodeURIComponent(next)}` : '';
    return c.redirect(`${new URL(customerPages.confirmEmail.href(), appUrl).href}?token=${encodeURIComponent(token)}${keepNext}`, 302);
  };

  /** After sign-up or sign-in: the Set-Cookie header that proves (or forgets) the password, if any. */
  const afterAuth = async (path: string, request: Request, response: Response): Promise<string | undefined> => {
    if (path.endsWith('/sign-up/email') && response.status === 200) {
      const id = ((await response.clone().json()) as { user?: { id?: string } }).user?.id;
      // A repeat sign-up gets a look-alike answer whose id exists nowhere; its cookie proves nothing but
      // must look the same, or it would tell that the address has an account (issue 21.4).
      return id ? generateSignedCookie(PROOF_COOKIE, id, secret, cookieOptions) : undefined;
    }
    if (path.endsWith('/sign-in/email') && response.status === 403) {
      // Better Auth checks the password before it refuses an unconfirmed address.
      const { code } = (await response.clone().json()) as { code?: string };
      const [email] = (await bodyParams(request))('email'); // JSON or a form, as Better Auth read it
      if (code !== 'EMAIL_NOT_VERIFIED' || typeof email !== 'string') return undefined;
      const user = await db
        .selectFrom('user')
        .select('id')
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return user ? generateSignedCookie(PROOF_COOKIE, user.id, secret, cookieOptions) : undefined;
    }
    return undefined;
  };

  return { gate, afterAuth };
}
