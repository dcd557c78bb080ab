import { createSignInPopup } from 'better-auth/client/plugins';
import { GOOGLE_EMAIL_UNVERIFIED, isGoogleJoinRefusal, type GoogleJoinRefusal } from '../../../../contracts/google-sign-in';
import { customerPages } from '../../../../contracts/pages';
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

/** A join refusal (the join page's Google sign-in, decision 234) is an outcome of its own. */
export type GoogleOutcome = 'signed-in' | 'redirecting' | 'google-unverified' | 'failed' | GoogleJoinRefusal;

/**
 * What the page that starts the sign-in adds: data the server reads in the sign-in's state (the join
 * page's token) and, for the redirect flow, the page a refusal lands on (the popup relays it instead).
 */
export interface GoogleStart {
  additionalData?: Record<string, string>;
  errorCallbackURL?: string;
}

/** Failures the user caused or expects (closed the popup, said no): no need to log them. */
const expected = new Set(['POPUP_CLOSED', 'access_denied']);

/**
 * Must be called straight from the click (no await before it), or the browser blocks the popup.
 * `next`: the portal page to land on (a checked return path), else the dashboard.
 */
export async function signInWithGoogle(next: string | null = null, start: GoogleStart = {}): Promise<GoogleOutcome> {
  const posted = listenForPopupError();
  try {
    const additionalData = start.additionalData ? { additionalData: start.additionalData } : {};
    const popup = await signInPopup({ provider: 'google', callbackURL: next ?? '/', ...additionalData });
    if (!popup.error) return 'signed-in';
    if (popup.error.code === 'POPUP_BLOCKED') return redirectToGoogle(next, start);
    if (popup.error.code === 'POPUP_CLOSED' && (await signedInMeanwhile())) return 'signed-in';
    const code = popup.error.code === 'POPUP_CLOSED' ? (posted.code ?? popup.error.code) : popup.error.code;
    // Google has not verified the address: the portal refused it (server/auth/google.ts).
    if (code === GOOGLE_EMAIL_UNVERIFIED) return 'google-unverified';
    if (isGoogleJoinRefusal(code)) return code;
    if (!expected.has(code)) console.warn('Google sign-in failed', popup.error);
    return 'failed';
  } finally {
    posted.stop();
  }
}

/**
 * The popup posts its outcome and closes itself at once; the plugin may notice the close before the
 * message, and then reports only POPUP_CLOSED. The error code the popup posted is kept here, so the
 * customer still gets the message that fits (read after a server round trip, by when it has arrived).
 */
function listenForPopupError() {
  const posted: { code?: string; stop: () => void } = { stop: () => window.removeEventListener('message', onMessage) };
  function onMessage(event: MessageEvent) {
    const data = event.data as { type?: unknown; error?: { code?: unknown } } | null;
    if (event.origin !== window.location.origin || data?.type !== 'better-auth:oauth-popup') return;
    if (typeof data.error?.code === 'string') posted.code = data.error.code;
  }
  window.addEventListener('message', onMessage);
  return posted;
}

/**
 * The popup posts its result and closes itself at once; the close can be noticed before the message
 * arrives. The session cookie is the truth: if it is there, the sign-in went through.
 */
async function signedInMeanwhile(): Promise<boolean> {
  const { data } = await authClient.getSession();
  return Boolean(data?.user);
}

async function redirectToGoogle(next: string | null, start: GoogleStart): Promise<GoogleOutcome> {
  const { error } = await authClient.signIn.social({
    provider: 'google',
    callbackURL: next ?? customerPages.dashboard.href(),
    errorCallbackURL: start.errorCallbackURL ?? `${customerPages.login.href()}?error=google`,
    ...(start.additionalData ? { additionalData: start.additionalData } : {}),
  });
  if (error) {
    console.warn('Google sign-in could not start', error);
    return 'failed';
  }
  return 'redirecting';
}
