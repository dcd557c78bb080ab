import { Hono } from 'hono';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { canonicalLoopbackHost } from './canonical-host';
import { compression } from './compress';
import { handleError } from './errors';
import { requestId } from './request-id';
import { securityHeaders } from './security-headers';
import { mountStaticSite } from './static-site';
import type { AppEnv } from './types';

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * What the server answers while its database opens and migrations are checked (seconds on the
 * embedded database): the built pages and their files, with the app's own headers, so a browser
 * gets its page at once; every other request (the API) waits for the app and is answered by it.
 * `fetch` hands everything to the app once `ready` has resolved.
 */
export function whileStarting(opts: { config: Config; logger: Logger; webRoot: string }, ready: Promise<{ fetch: Fetch }>): Fetch {
  const site = new Hono<AppEnv>();
  site.onError(handleError(opts.logger));
  site.use('*', requestId());
  site.use('*', compression());
  site.use('*', securityHeaders(opts.config.appUrl));
  site.use('*', canonicalLoopbackHost(opts.config.appUrl));
  const hasSite = mountStaticSite(site, opts.webRoot);
  let app: { fetch: Fetch } | undefined;
  void ready.then(
    (started) => (app = started),
    () => {}, // main.ts reports a failed start and exits
  );
  return (request, env) => {
    if (app) return app.fetch(request, env);
    const path = new URL(request.url).pathname;
    const page = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
    if (hasSite && page) return site.fetch(request, env);
    return ready.then((started) => started.fetch(request, env));
  };
}
