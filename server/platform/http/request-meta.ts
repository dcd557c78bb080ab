import type { Context } from 'hono';
import { clientAddress } from './client-ip';

/**
 * Who asks for an operation, and from where: what an operation records (the audit log, a quote's
 * signature) of the request, built once by the route. An operation takes `(db, meta, input)` and
 * knows nothing else of HTTP.
 */
export interface RequestMeta {
  /** The signed-in account's e-mail (a customer or an office account), or COMMAND_LINE_ACTOR. */
  actor: string;
  /** The client's address (from the socket, or a trusted proxy's header). */
  ip: string | null;
  /** The browser's User-Agent, cut to 500 characters. */
  userAgent: string | null;
}

/** The request's meta for `actor` (the route knows who is signed in: c.get('staff') or c.get('customer')). */
export function requestMeta(c: Context, actor: string, trustProxy: boolean): RequestMeta {
  return { actor, ip: clientAddress(c, trustProxy), userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null };
}
