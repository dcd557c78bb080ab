import type { Context } from 'hono';

/**
 * The caller's address for rate limits: the socket's peer, or, only when TRUST_PROXY is set,
 * the address our proxy appended last to x-forwarded-for. A header a client sends is never trusted.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? '127.0.0.1';
}
