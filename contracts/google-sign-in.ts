/**
 * The error a Google sign-in ends with when Google has not verified the e-mail address: the portal
 * refuses the identity (no account is created, confirmed or joined) and the login page says so.
 */
export const GOOGLE_EMAIL_UNVERIFIED = 'google_email_unverified';
