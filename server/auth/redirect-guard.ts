/**
 * Open-redirect guard for Better Auth. Its relative-URL check lets `/..//evil.example` through, and
 * its error paths then redirect to `//evil.example` (reported upstream; see the README). So:
 * - every callback or redirect parameter must be one of the few paths the portal uses, or a customer
 *   page a sign-in returns to (contracts/return-path.ts), or the same path on APP_URL; a POST naming
 *   another is refused, a GET link has it replaced by '/';
 * - any redirect the auth handler answers that leaves APP_URL's origin, other than to the sign-in
 *   provider, is rewritten to APP_URL's login page.
 */
import { isReturnPath } from '../../contracts/return-path';

export const ALLOWED_CALLBACK_PATHS = new Set(['/', '/login', '/login?error=google', '/reset-password', '/check-inbox']);
const REDIRECT_PARAMS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL', 'errorURL'];

export function isAllowedCallback(value: unknown, appUrl: string): boolean {
  if (typeof value !== 'string') return false;
  const origin = new URL(appUrl).origin;
  const path = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  return ALLOWED_CALLBACK_PATHS.has(path) || isReturnPath(path);
}

export class RedirectNotAllowedError extends Error {
  constructor(readonly param: string) {
    super(`${param} must be one of the portal's own pages.`);
    this.name = 'RedirectNotAllowedError';
  }
}

/**
 * Checks the redirect parameters of a request to the auth handler. Returns the request to pass on
 * (a GET with a foreign target gets '/' instead); throws RedirectNotAllowedError for a POST body.
 */
export async function guardRedirectParams(request: Request, appUrl: string): Promise<Request> {
  const url = new URL(request.url);
  let rewritten = false;
  for (const param of REDIRECT_PARAMS) {
    for (const value of url.searchParams.getAll(param)) {
      if (isAllowedCallback(value, appUrl)) continue;
      if (request.method !== 'GET') throw new RedirectNotAllowedError(param);
      url.searchParams.set(param, '/');
      rewritten = true;
    }
  }
  if (request.method === 'POST' && (request.headers.get('content-type') ?? '').includes('application/json')) {
    const body = await request
      .clone()
      .json()
      .catch(() => undefined); // Better Auth answers a broken body itself with a 400.
    if (body && typeof body === 'object') {
      for (const param of REDIRECT_PARAMS) {
        const value = (body as Record<string, unknown>)[param];
        if (value !== undefined && !isAllowedCallback(value, appUrl)) throw new RedirectNotAllowedError(param);
      }
    }
  }
  return rewritten ? new Request(url, request) : request;
}

/** A redirect leaving APP_URL (other than to `allowedOrigins`, the sign-in provider) goes to /login. */
export function keepRedirectHome(response: Response, appUrl: string, allowedOrigins: readonly string[]): Response {
  const location = response.headers.get('location');
  if (!location) return response;
  const home = new URL(appUrl);
  let target: URL;
  try {
    target = new URL(location, home);
  } catch {
    target = new URL('/login', home);
  }
  if (target.origin === home.origin || allowedOrigins.includes(target.origin)) return response;
  const headers = new Headers(response.headers);
  headers.set('location', new URL('/login', home).href);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
