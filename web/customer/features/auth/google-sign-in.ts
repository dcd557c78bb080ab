import { createSignInPopup } from 'better-auth/client/plugins';
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

export type GoogleOutcome = 'signed-in' | 'redirecting' | 'not-verified' | 'failed';

/** Failures the user caused or expects (closed the popup, said no): no need to log them. */
const expected = new Set(['POPUP_CLOSED', 'access_denied']);

/**
 * Must be called straight from the click (no await before it), or the browser blocks the popup.
 * `next`: the portal page to land on (a checked return path), else the dashboard.
 */
export async function signInWithGoogle(next: string | null = null): Promise<GoogleOutcome> {
  const popup = await signInPopup({ provider: 'google', callbackURL: next ?? '/' });
  if (!popup.error) return 'signed-in';
  if (popup.error.code === 'POPUP_BLOCKED') return redirectToGoogle(next);
  if (popup.error.code === 'POPUP_CLOSED' && (await signedInMeanwhile())) return 'signed-in';
  // Google has not verified the address: the portal e-mailed its own confirmation link.
  if (popup.error.code === 'email_not_verified') return 'not-verified';
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

async function redirectToGoogle(next: string | null): Promise<GoogleOutcome> {
  const { error } = await authClient.signIn.social({
    provider: 'google',
    callbackURL: next ?? '/',
    errorCallbackURL: '/login?error=google',
  });
  if (error) {
    console.warn('Google sign-in could not start', error);
    return 'failed';
  }
  return 'redirecting';
}
