import { verifyJWT } from 'better-auth/crypto';
import { Hono, type Context } from 'hono';
import { confirmEmailChange as confirmEndpoint } from '../../../contracts/customer/profile';
import { customerPages } from '../../../contracts/pages';
import type { AppDeps } from '../../deps';
import { sameOrigin } from '../../platform/http/same-origin';
import { validate } from '../../platform/http/validate';
import { confirmEmailChange } from './confirm-email-change';
import { emailChangeMail } from './email-change-mail';

/**
 * POST /api/account/confirm-email-change (public, token-gated): the button of the page the new
 * address's link opens (/confirm-email-change). No session needed: the link proves the new inbox,
 * the request proved the password.
 */
export function emailChangePublicRoutes({
  db,
  auth,
  config,
  secret,
  logger,
  onMailQueued,
}: Pick<AppDeps, 'db' | 'auth' | 'config' | 'secret' | 'logger' | 'onMailQueued'>) {
  const deps = { db, auth, secret, logger, mail: emailChangeMail(config, logger) };
  return new Hono()
    .use(confirmEndpoint.path, sameOrigin(config.appUrl))
    .on(confirmEndpoint.method, confirmEndpoint.path, validate('json', confirmEndpoint.body), async (c) => {
      const result = await confirmEmailChange(deps, c.req.valid('json').token, c.req.raw.headers);
      onMailQueued();
      return c.json({ status: 'changed' as const, ...result });
    });
}

/**
 * Better Auth's own /verify-email would apply a change-email token at once (on a GET, outside our
 * transaction). Such a token is only ever e-mailed as a link to our page, but if it reaches
 * /verify-email anyway it is sent there too: a Response for the auth handler, or undefined.
 */
export async function emailChangeDetour(c: Context, secret: string, appUrl: string): Promise<Response | undefined> {
  const token = c.req.query('token');
  // Any token that would change an address (Better Auth's three kinds all carry updateTo).
  const payload = token ? await verifyJWT<{ updateTo?: unknown }>(token, secret) : null;
  if (!token || !payload?.updateTo) return undefined;
  return c.redirect(`${new URL(customerPages.confirmEmailChange.href(), appUrl).href}?token=${encodeURIComponent(token)}`, 302);
}
