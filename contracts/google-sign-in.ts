/**
 * The error a Google sign-in ends with when Google has not verified the e-mail address: the portal
 * refuses the identity (no account is created, confirmed or joined) and the login page says so.
 */
export const GOOGLE_EMAIL_UNVERIFIED = 'google_email_unverified';

/**
 * Joining with Google instead of a password: the join page's Google sign-in carries the link's token
 * in the sign-in's state (Better Auth's `additionalData`, under this key). Google must vouch for the
 * invited address itself; the callback then joins the new sign-in to the account
 * (server/auth/account-people/google-join.ts) or ends with one of the refusals below as its `error`.
 */
export const JOIN_TOKEN_STATE_KEY = 'joinAccountToken';
export const googleJoinRefusals = {
  /** The link is not valid, was used or has expired. */
  invalid: 'join_invalid',
  /** The address has a portal of its own (decision 246). */
  accountExists: 'join_account_exists',
  /** Google answered for another address than the invited one. */
  otherEmail: 'join_other_email',
} as const;
export type GoogleJoinRefusal = (typeof googleJoinRefusals)[keyof typeof googleJoinRefusals];
export const isGoogleJoinRefusal = (code: string): code is GoogleJoinRefusal =>
  (Object.values(googleJoinRefusals) as string[]).includes(code);
