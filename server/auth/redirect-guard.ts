/**
 * Open-redirect guard for Better Auth. Its relative-URL check lets `/..//evil.example` through, and
 * its error paths then redirect to `//evil.example` (reported upstream; see docs/decisions/012-redirects.md). So:
 * - every callback or redirect parameter must be one of the few paths the portal uses, or a customer
 *   page a sign-in returns to (contracts/return-path.ts), or the same path on APP_URL; a POST naming
 *   another is refused, a GET link has it replaced by '/';
 * - any redirect the auth handler answers that leaves APP_URL's origin, other than to the sign-in
 *   provider, is rewritten to APP_URL's login page.
 */
import { isReturnPath } from '../../contracts/return-path';

const ALLOWED_CALLBACK_PATHS = new Set(['/', '/login', '/login?error=google', '/reset-password', '/check-inbox']);
const REDIRECT_PARAMS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL', 'errorURL'];

export function isAllowedCallback(value: unknown, appUrl: string): boolean {
  if (typeof value !== 'string') return false;
  const origin = new URL(appUrl).origin;
  const path = value.startsWith(`${origin}/`) ? value.slice(origin.length) : value;
  return ALLOWED_CALLBACK_PATHS.has(path) || isReturnPath(path) || isLoginKeepingNext(path) || isJoinPage(path);
}

/** The join page of a person's invitation, the error page of its Google sign-in (decision 234): a link's token and nothing else. */
const JOIN_PAGE = /^\/join-account\?token=[A-Za-z0-9_-]{1,200}$/;
const isJoinPage = (path: string) => JOIN_PAGE.test(path);

/** The Login page keeping where the customer was heading: a sign-in link's error page (issue 26.2). */
const LOGIN_WITH_NEXT = '/login?next=';
function isLoginKeepingNext(path: string): boolean {
  if (!path.startsWith(LOGIN_WITH_NEXT)) return false;
  const next = path.slice(LOGIN_WITH_NEXT.length);
  return /^[A-Za-z0-9%]+$/.test(next) && isReturnPath(decodeURIComponent(next));
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
  if (request.body) {
    const valuesOf = await bodyParams(request);
    for (const param of REDIRECT_PARAMS) {
      if (valuesOf(param).some((value) => value !== undefined && !isAllowedCallback(value, appUrl)))
        throw new RedirectNotAllowedError(param);
    }
  }
  return rewritten ? new Request(url, request) : request;
}

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;

/**
 * Every body the auth handler reads, read as its router (better-call) reads it: JSON by the same
 * pattern, or a form (sign-up and sign-in accept application/x-www-form-urlencoded), whatever the
 * case of the Content-Type. Any other body carries no named parameters.
 */
export async function bodyParams(request: Request): Promise<(param: string) => unknown[]> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  try {
    if (JSON_TYPE.test(type)) {
      const body: unknown = await request.clone().json();
      return (param) => (body && typeof body === 'object' ? [(body as Record<string, unknown>)[param]] : []);
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      const form = await request.clone().formData();
      return (param) => form.getAll(param).map(String);
    }
  } catch {
    // A body that does not parse: Better Auth answers it itself with a 400, and reads no parameter from it.
  }
  return () => [];
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
