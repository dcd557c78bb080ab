import { timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { PGlite } from '@electric-sql/pglite';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const peerOf = (c: Context) =>
  (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;

/**
 * POST /api/ops/backup: the running server dumps its embedded database for `npm run backup`. Only
 * from this machine (the socket's address is loopback) and with the token the server wrote into
 * DATA_DIR at start; anything else is a 404, as if the route did not exist. A request that came
 * through a proxy (it carries X-Forwarded-For or Forwarded) is refused too: behind a reverse proxy
 * on the same machine every peer is loopback, and the backup is for this machine's own command.
 */
export function backupRoute(pglite: PGlite | undefined, token: string | undefined) {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return new Hono().post('/api/ops/backup', async (c) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    const proxied = c.req.header('x-forwarded-for') !== undefined || c.req.header('forwarded') !== undefined;
    const allowed =
      pglite &&
      expected &&
      !proxied &&
      given.length === expected.length &&
      timingSafeEqual(given, expected) &&
      LOOPBACK.has(peerOf(c) ?? '');
    if (!allowed) return c.json({ error: { code: 'not_found', message: 'Not found.' } }, 404);
    const dump = await pglite.dumpDataDir('gzip');
    c.header('Content-Type', 'application/gzip');
    c.header('Cache-Control', 'no-store');
    return c.body(Buffer.from(await dump.arrayBuffer()));
  });
}
