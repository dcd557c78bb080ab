import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { isOfficeRole } from './roles';
import { OFFICE_MAX_HOURS } from './session-policy';

type Hook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];

/**
 * Better Auth gives every session cookie the customers' 30-day Max-Age. An office session ends 12
 * hours after sign-in (session-policy.ts), so its cookie says so too: the browser drops it then,
 * instead of keeping a dead token for a month. A session that replaces another (a password change)
 * keeps the time the first one had left.
 */
export function officeCookieLifetime(paths: ReadonlySet<string>): Hook {
  return {
    matcher: (ctx) => paths.has(ctx.path ?? ''),
    handler: createAuthMiddleware(async (ctx) => {
      const created = ctx.context.newSession;
      const headers = ctx.context.responseHeaders;
      if (!created || !headers || !isOfficeRole((created.user as { role?: unknown }).role)) return;
      const end = new Date(created.session.createdAt).getTime() + OFFICE_MAX_HOURS * 3_600_000;
      const maxAge = Math.max(0, Math.floor((end - Date.now()) / 1000));
      const name = `${ctx.context.authCookies.sessionToken.name}=`;
      const lines = headers.getSetCookie();
      headers.delete('set-cookie');
      for (const line of lines)
        headers.append('set-cookie', line.startsWith(name) ? line.replace(/Max-Age=\d+/i, `Max-Age=${maxAge}`) : line);
    }),
  };
}
