import type { Context, Env, Hono, Next } from 'hono';
import { AppError } from './errors';

/** A route's path as a pattern: `:id` (with or without its `{regex}`) is one segment, `*` anything. */
const patternOf = (path: string) =>
  new RegExp(
    `^${path
      .split(/(:[A-Za-z0-9_]+(?:\{[^}]*\})?\??|\*)/)
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
      .join('')}/?$`,
  );

/**
 * Unknown paths under /api answer 404 JSON before any guard runs: signed out or in, customer or
 * office, a client (or a person typing a URL) learns the address does not exist, not that it must
 * sign in. Known paths are the app's own routes (read once, at the first request, when all are there).
 * Middleware (method ALL) and catch-alls do not count as routes.
 */
export function unknownApiPaths<E extends Env>(app: Hono<E>) {
  let known: RegExp[] | undefined;
  // The answer for the paths seen lately (a request tried every route's pattern in turn): at most
  // MEMO_SIZE paths, forgotten all at once when full (paths with ids are without number).
  const memo = new Map<string, boolean>();
  return async (c: Context<E>, next: Next) => {
    known ??= app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/')).map((r) => patternOf(r.path));
    const path = c.req.path;
    let isKnown = memo.get(path);
    if (isKnown === undefined) {
      isKnown = known.some((pattern) => pattern.test(path));
      if (memo.size >= MEMO_SIZE) memo.clear();
      memo.set(path, isKnown);
    }
    if (!isKnown) throw new AppError(404, 'not_found', 'Not found.');
    await next();
  };
}
const MEMO_SIZE = 1_000;

/** Better Auth answers a path it does not know with an empty 404: the same JSON as every other unknown API path. */
export async function emptyNotFoundAsJson(c: Context, next: Next) {
  await next();
  if (c.res.status === 404 && !c.res.headers.get('content-type')) throw new AppError(404, 'not_found', 'Not found.');
}
