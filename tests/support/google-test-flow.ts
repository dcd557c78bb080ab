import type { TestIdentity } from '../../e2e/support/oidc-provider';
import type { TestPortal } from './harness';

/**
 * Drives a whole Google sign-in over HTTP, as a browser would: the portal starts the flow, the local
 * OpenID provider's login form is submitted (or cancelled), the provider redirects back to the
 * portal's callback. Cookies are kept per site, like a browser's jar.
 */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0$/i.test(a));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface GoogleResult {
  /** Where the portal's callback sends the browser. */
  location: string;
  /** The portal cookies after the callback (the session, when signed in). */
  cookie: string;
  signedIn: boolean;
  /** The callback's own response (the popup completion page in popup mode). */
  callback: Response;
  authorizationUrl: URL;
}

export type GoogleChoice = TestIdentity | 'cancel';

/** What the page that starts a sign-in may add: data carried in the state (the join page's token), its own error page. */
export interface GoogleStart {
  additionalData?: Record<string, string>;
  errorCallbackURL?: string;
}

/** The redirect flow: POST /sign-in/social, then the provider, then /api/auth/callback/google. */
export async function googleSignIn(portal: TestPortal, choice: GoogleChoice, options: GoogleStart = {}): Promise<GoogleResult> {
  const portalJar = new CookieJar();
  const start = await portal.request('/api/auth/sign-in/social', {
    body: {
      provider: 'google',
      callbackURL: '/',
      errorCallbackURL: options.errorCallbackURL ?? '/login?error=google',
      disableRedirect: true,
      ...(options.additionalData ? { additionalData: options.additionalData } : {}),
    },
  });
  if (!start.ok) throw new Error(`sign-in/social: ${start.status} ${await start.text()}`);
  portalJar.take(start);
  const { url } = (await start.json()) as { url: string };
  return finishAtProvider(portal, portalJar, new URL(url), choice);
}

/** The popup flow: the popup opens /api/auth/oauth-popup/start, which redirects to the provider. */
export async function googlePopupSignIn(
  portal: TestPortal,
  choice: GoogleChoice,
  nonce = 'test-nonce',
  options: Pick<GoogleStart, 'additionalData'> = {},
): Promise<GoogleResult> {
  const portalJar = new CookieJar();
  const query = new URLSearchParams({ provider: 'google', popupOrigin: portal.config.appUrl, popupNonce: nonce, callbackURL: '/' });
  if (options.additionalData) query.set('additionalData', JSON.stringify(options.additionalData));
  const start = await portal.request(`/api/auth/oauth-popup/start?${query}`);
  if (start.status !== 302) throw new Error(`oauth-popup/start: ${start.status} ${await start.text()}`);
  portalJar.take(start);
  return finishAtProvider(portal, portalJar, new URL(start.headers.get('location')!), choice);
}

async function finishAtProvider(
  portal: TestPortal,
  portalJar: CookieJar,
  authorizationUrl: URL,
  choice: GoogleChoice,
): Promise<GoogleResult> {
  const providerJar = new CookieJar();
  const visit = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...init.headers, cookie: providerJar.header() } });
    providerJar.take(res);
    return res;
  };
  let res = await visit(authorizationUrl.href);
  const interaction = new URL(res.headers.get('location') ?? '', authorizationUrl);
  if (!interaction.pathname.startsWith('/interaction/')) throw new Error(`expected the login form, got ${res.status} ${interaction.href}`);
  const form =
    choice === 'cancel'
      ? new URLSearchParams({ action: 'cancel' })
      : new URLSearchParams({
          action: 'login',
          email: choice.email,
          name: choice.name ?? '',
          ...(choice.emailVerified ? { email_verified: 'true' } : {}),
        });
  res = await visit(interaction.href, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  // The provider resumes the authorization request, then redirects to the portal's callback.
  let next = new URL(res.headers.get('location') ?? '', interaction);
  while (next.origin === authorizationUrl.origin) {
    res = await visit(next.href);
    next = new URL(res.headers.get('location') ?? '', next);
  }
  const callback = await portal.request(next.pathname + next.search, { cookie: portalJar.header() });
  portalJar.take(callback);
  const location = callback.headers.get('location') ?? '';
  return {
    location,
    cookie: portalJar.header(),
    signedIn: portalJar.header().includes('session_token='),
    callback,
    authorizationUrl,
  };
}
