import pg from 'pg';
import type { Logger } from '../platform/logger';
import type { SessionCache, SessionEntry } from './session-cache';

const SESSION_CHANNEL = 'portal_sessions';

/**
 * Keeps one PostgreSQL connection listening on portal_sessions and hands every announcement to the
 * caches (the customers' and the office's). If the connection drops, the caches stop serving (and
 * forget everything) until a new connection listens again: announcements sent meanwhile are lost, so
 * nothing cached may survive.
 */
export function listenForSessionChanges(
  databaseUrl: string,
  caches: SessionCache<SessionEntry> | readonly SessionCache<SessionEntry>[],
  logger: Logger,
) {
  const all = Array.isArray(caches) ? caches : [caches as SessionCache<SessionEntry>];
  const cache = {
    invalidate: (payload: string) => all.forEach((one) => one.invalidate(payload)),
    setListening: (listening: boolean) => all.forEach((one) => one.setListening(listening)),
  };
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  const connect = async () => {
    const next = new pg.Client({ connectionString: databaseUrl });
    client = next;
    next.on('notification', (message) => cache.invalidate(message.payload ?? ''));
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next, new Error('connection ended')));
    try {
      await next.connect();
      await next.query(`LISTEN ${SESSION_CHANNEL}`);
      if (client !== next || stopped) return;
      cache.setListening(true);
      delay = 500;
    } catch (err) {
      lost(next, err as Error);
    }
  };

  const lost = (which: pg.Client, err: Error) => {
    if (client !== which) return; // an old connection's late event
    client = undefined;
    cache.setListening(false);
    which.end().catch(() => undefined); // already broken; its error is logged below
    if (stopped) return;
    logger.warn('session announcements lost; sessions are checked in the database until they are back', { err: err.message });
    retry = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 10_000);
  };

  const ready = connect();
  return {
    /** Resolves once the first attempt to listen has finished (listening or retrying). */
    ready,
    async close() {
      stopped = true;
      clearTimeout(retry);
      cache.setListening(false);
      const current = client;
      client = undefined;
      await current?.end();
    },
  };
}
