import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { clientAddress } from '../platform/http/client-ip';
import type { Logger } from '../platform/logger';
import { CLIENT_IP_HEADER, type Auth } from './auth';
import { explainAuthFailure, probeDatabase } from './auth-failure';
import { DEVICE_HEADER, deviceCookie, deviceOf } from './device-cookie';
import { guardRedirectParams, keepRedirectHome, RedirectNotAllowedError } from './redirect-guard';
import { registrationProof } from './registration-proof';

/** "Forgot password?" answers no sooner than this, so a known address cannot be told by its timing. */
export const RESET_REQUEST_FLOOR_MS = 350;
/** Requests whose answer must not tell a known address by its timing: a reset and a sign-in link. */
const FLOORED_PATHS: ReadonlySet<string> = new Set(['/api/auth/request-password-reset', '/api/auth/sign-in/magic-link']);
/** Where a browser gets a session and, if new, its device cookie (sign-in-throttle.ts trusts it from then on). */
const SIGN_IN_PATHS: ReadonlySet<string> = new Set(['/api/auth/sign-in/email', '/api/auth/magic-link/verify']);
const madeSession = (response: Response) => response.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

interface AuthHttpDeps {
  auth: Auth;
  db: Kysely<Database>;
  config: Config;
  logger: Logger;
  secret: string;
  /** A change-email token that reaches /api/auth/verify-email goes to our page (server/modules/profile). */
  emailChangeDetour: (c: Context) => Promise<Response | undefined>;
}

/**
 * Better Auth behind our own layer (mounted at /api/auth/*): the client address and device come from
 * the socket and our cookie, never from a client's header; redirect targets are checked on the way in
 * and out; a confirmation link asks for the password outside the browser that chose it; "Forgot
 * password?" takes the same time for every address.
 */
export function authHttpHandler({ auth, db, config, logger, secret, emailChangeDetour }: AuthHttpDeps) {
  const probe = probeDatabase(db);
  const proof = registrationProof({ db, secret, appUrl: config.appUrl });
  const secure = config.appUrl.startsWith('https://');
  const providerOrigins = 'issuer' in config.google ? [new URL(config.google.issuer).origin] : [];

  return async (c: Context) => {
    const started = Date.now();
    const path = c.req.path;
    if (c.req.method === 'GET' && path === '/api/auth/verify-email') {
      const detour = (await emailChangeDetour(c)) ?? (await proof.gate(c));
      if (detour) return detour;
    }
    let request: Request;
    try {
      request = await guardRedirectParams(c.req.raw, config.appUrl);
    } catch (err) {
      if (!(err instanceof RedirectNotAllowedError)) throw err;
      logger.warn('auth request with a foreign redirect refused', { path, param: err.param });
      return c.json({ code: 'INVALID_CALLBACK_URL', message: err.message }, 400);
    }
    const device = deviceOf(c);
    const headers = new Headers(request.headers);
    headers.set(CLIENT_IP_HEADER, clientAddress(c, config.trustProxy));
    headers.set(DEVICE_HEADER, device.id);
    const forwarded = new Request(request, { headers });

    let response = await auth.handler(forwarded.clone());
    response = await explainAuthFailure(response, { method: c.req.method, path }, probe, logger);
    response = keepRedirectHome(response, config.appUrl, providerOrigins);

    const cookies = [await proof.afterAuth(path, forwarded, response)];
    const signedIn = path === '/api/auth/sign-in/email' ? response.ok : SIGN_IN_PATHS.has(path) && madeSession(response);
    if (device.isNew && signedIn) cookies.push(deviceCookie(device.id, secure));
    const extra = cookies.filter((v): v is string => Boolean(v));
    if (extra.length) {
      response = new Response(response.body, response);
      for (const cookie of extra) response.headers.append('set-cookie', cookie);
    }
    if (FLOORED_PATHS.has(path)) {
      const wait = RESET_REQUEST_FLOOR_MS - (Date.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    return response;
  };
}
