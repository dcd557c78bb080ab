import type pg from 'pg';

type Query = (...args: unknown[]) => unknown;
const resets = new WeakMap<pg.PoolClient, () => void>();

/** Back in the pool: whatever was held back belonged to the last user (Kysely always ends its transactions). */
export const resetDeferredBegin = (client: pg.PoolClient) => resets.get(client)?.();
const DONE = (command: string) => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });
/**
 * Several statements in one message answer with one result each (pg gives an array): the caller
 * (Kysely, the one-message reads of customer-scope.ts) is given the last one, as psql shows it.
 */
const lastResult = (result: unknown) => (Array.isArray(result) ? (result[result.length - 1] as unknown) : result);

/**
 * One round trip less per transaction on PostgreSQL: a client's BEGIN is held back and sent with
 * the transaction's first statement when that statement has no parameters (`begin; <statement>`
 * in one simple-protocol message), e.g. the customer scope's settings (customer-scope.ts). A first
 * statement with parameters gets its BEGIN sent just before it, as before; a transaction that
 * runs nothing sends nothing. Only the exact 'begin' Kysely sends is held back.
 */
export function deferBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  let pending = false;
  const flush = () => {
    if (!pending) return undefined;
    pending = false;
    return query('begin');
  };
  (client as unknown as { query: Query }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const plain = typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values));
    if (!plain) {
      // A query object or a callback: BEGIN first (pg runs a client's queries in order).
      (flush() as Promise<unknown> | undefined)?.catch(() => undefined); // its failure fails the query below too
      return query(text, values, callback);
    }
    const sql = text as string;
    const params = values as unknown[] | undefined;
    if (sql === 'begin') {
      pending = true;
      return Promise.resolve(DONE('BEGIN'));
    }
    if (pending && (sql === 'commit' || sql === 'rollback')) {
      pending = false; // nothing ran: nothing to end
      return Promise.resolve(DONE(sql.toUpperCase()));
    }
    if (pending && !params?.length) {
      pending = false;
      return (query(`begin; ${sql}`) as Promise<pg.QueryResult[]>).then(lastResult);
    }
    const begun = flush() as Promise<unknown> | undefined;
    const sent = begun ? begun.then(() => query(sql, params)) : (query(sql, params) as Promise<unknown>);
    // Only a statement without parameters can be several (simple protocol).
    return params?.length ? sent : sent.then(lastResult);
  };
  resets.set(client, () => (pending = false));
}
