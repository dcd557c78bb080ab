import { PERSON_JOIN_PATH } from './account-people/plugin';
import { INVITATION_ACCEPT_PATH } from './portal-invitation/plugin';

/**
 * How a session was made, kept on the session row (Better Auth additional field `signInMethod`,
 * column "sign_in_method"), so that a signature's certificate can name how the signer came in
 * (contract-spec §1: password, Google, or sign-in link). Written once, when Better Auth creates the
 * session, from the endpoint that creates it; a client cannot set it (input: false).
 */
export const SIGN_IN_METHODS = ['password', 'google', 'magic-link', 'invitation', 'confirmation-link', 'two-factor'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const MAGIC_LINK_VERIFY_PATH = '/magic-link/verify';
export const MAGIC_LINK_REQUEST_PATH = '/sign-in/magic-link';

/** The Better Auth field (session.additionalFields) that holds it. */
export const signInMethodField = {
  signInMethod: { type: 'string', required: false, input: false, fieldName: 'sign_in_method' },
} as const;

/** The method of a session the endpoint at `path` creates; null for one we do not name (an admin call). */
export function signInMethodOf(path: string | undefined): SignInMethod | null {
  if (!path) return null;
  if (path === '/sign-in/email') return 'password';
  if (path === MAGIC_LINK_VERIFY_PATH) return 'magic-link';
  // The invitation's link proved the inbox; the password was chosen there and then.
  if (path === INVITATION_ACCEPT_PATH || path === PERSON_JOIN_PATH) return 'invitation';
  if (path === '/verify-email') return 'confirmation-link';
  if (path.startsWith('/oauth2/callback') || path.startsWith('/callback') || path === '/sign-in/social' || path === '/sign-in/oauth2')
    return 'google';
  if (path.startsWith('/two-factor/')) return 'two-factor';
  return null;
}
