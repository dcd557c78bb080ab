import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/platform/db/schema';
import { putSentQuoteWithSql, sendVersionWithSql, type SqlVersion } from '../../tests/support/quotes';

/**
 * Control routes (test support only) that write quote versions with plain SQL, the way the README
 * shows the office can: a new sent quote, or the next version of one (what "New version" + "Send" leave
 * in the database). The API tests use the same helpers (tests/support/quotes.ts).
 */
export function quoteControl(db: Kysely<Database>) {
  return new Hono()
    .post('/sent', async (c) => {
      const { email, version } = await c.req.json<{ email: string; version: SqlVersion }>();
      const sent = await putSentQuoteWithSql(db, email, version);
      return c.json({ id: sent.id, ids: sent.ids, keys: sent.keys, totals: sent.totals });
    })
    .post('/:id/versions/:version', async (c) => {
      const sent = await sendVersionWithSql(db, Number(c.req.param('id')), Number(c.req.param('version')), await c.req.json<SqlVersion>());
      return c.json({ ids: sent.ids, keys: sent.keys, totals: sent.totals });
    });
}
