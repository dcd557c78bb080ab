import { createSignInPopup } from 'better-auth/client/plugins';
import { GOOGLE_EMAIL_UNVERIFIED } from '../../../../contracts/google-sign-in';
import { authClient } from '../../lib/auth-client';

/**
 * Google sign-in in a popup (Better Auth's oauth-popup plugin): the popup runs the provider's pages,
 * then the portal's callback posts the outcome back to this window and closes. If the browser blocks
 * the popup, the same flow runs as a full-page redirect.
 */
const signInPopup = createSignInPopup({
  $fetch: authClient.$fetch,
  options: { basePath: '/api/auth' },
  notifySessionSignal: () => authClient.$store.notify('$sessionSignal'),
});

export type GoogleOutcome = 'signed-in' | 'redirecting' | 'google-unverified' | 'failed';

/** Failures the user caused or expects (closed the popup, said no): no need to log them. */
const expected = new Set(['POPUP_CLOSED', 'access_denied']);

/** Must be called straight from the click (no await before it), or the browser blocks the popup. */
export async function signInWithGoogle(): Promise<GoogleOutcome> {
  const popup = await signInPopup({ provider: 'google', callbackURL: '/' });
  if (!popup.error) return 'signed-in';
  if (popup.error.code === 'POPUP_BLOCKED') return redirectToGoogle();
  if (popup.error.code === 'POPUP_CLOSED' && (await signedInMeanwhile())) return 'signed-in';
  // Google has not verified the address: the portal refused it (server/auth/google.ts).
  if (popup.error.code === GOOGLE_EMAIL_UNVERIFIED) return 'google-unverified';
  if (!expected.has(popup.error.code)) console.warn('Google sign-in failed', popup.error);
  return 'failed';
}

/**
 * The popup posts its result and closes itself at once; the close can be noticed before the message
 * arrives. The session cookie is the truth: if it is there, the sign-in went through.
 */
async function signedInMeanwhile(): Promise<boolean> {
  const { data } = await authClient.getSession();
  return Boolean(data?.user);
}

async function redirectToGoogle(): Promise<GoogleOutcome> {
  const { error } = await authClient.signIn.social({ provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' });
  if (error) {
    console.warn('Google sign-in could not start', error);
    return 'failed';
  }
  return 'redirecting';
}
