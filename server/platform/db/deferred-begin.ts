import crypto from 'node:crypto';
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
 * The mark of a statement whose answer no one reads (the scope's settings, a transaction-scoped
 * lock, an INSERT of rows no one reads back): inside a transaction it may wait and travel with the
 * transaction's next statement (see deferBegin). Put it at the very start of the text; the
 * statement must have no parameters (write values with inlineParameters, inline-parameters.ts).
 */
export const DEFERRABLE = '/* deferrable */ ';
export const deferrable = (text: string) => `${DEFERRABLE}${text}`;

const SELECT_LIST = `${DEFERRABLE}/* select list */ SELECT `;
/**
 * A deferrable statement that is a bare select list, `SELECT <expressions>` with no FROM nor any
 * other clause (the customer scope's settings, the hourly limit's lock). Held right after another
 * such statement, the two travel as ONE: `SELECT <first>, <second>`, one statement fewer for
 * PostgreSQL to parse, plan and answer, one result fewer to read. Neither answer is read; the
 * expressions must not depend on each other's effects (a set_config is for the statements after).
 */
export const deferrableSelectList = (expressions: string) => `${SELECT_LIST}${expressions}`;

/**
 * Plans kept per connection (decision 288): inside a transaction in the customer's scope, a statement
 * with parameters (what Kysely builds: the customer's reads and writes, each a lookup by key) goes as
 * a named prepared statement, named after its text, so PostgreSQL parses and plans it once per
 * connection instead of at every call. Row-level security made that planning most of an approval's
 * database time. The office's statements stay unnamed: its search's best plan depends on the words
 * searched, which a kept plan would not know (65 % of the bare search's throughput, against 76 %).
 * At most MAX_NAMED names a connection (the rest go unnamed). A statement whose result's columns
 * changed under a running server (a table changed by another instance's migration) fails once with
 * "cached plan must not change result type"; the connection's names then start a new generation,
 * so the next call prepares it again.
 */
const MAX_NAMED = 500;
/** The customer scope's settings (customer-scope.ts): its transactions' statements are the ones named. */
const CUSTOMER_ROLE = "set_config('role', 'portal_customer', true)";
const namesOfText = new Map<string, string>();
const nameOf = (text: string) => {
  let name = namesOfText.get(text);
  if (name === undefined) {
    if (namesOfText.size >= 10 * MAX_NAMED) namesOfText.clear();
    namesOfText.set(text, (name = `portal_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  }
  return name;
};
interface Prepared {
  names: Set<string>;
  generation: number;
}
/** PostgreSQL's refusal to run a kept statement whose result's columns changed since it was prepared. */
export const planChanged = (err: unknown) =>
  err instanceof Error && (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(err.message);

/**
 * A statement sent right behind the held ones, without waiting for their answer (pipeline mode): its
 * answer once theirs has come. When the held ones failed, theirs is the error (the statement itself
 * then fails only because the transaction is aborted, and that failure is expected and dropped).
 */
function afterHeld(held: Promise<unknown>, sent: Promise<unknown>): Promise<unknown> {
  // Handled from the start: a statement refused before the held ones are answered (a lost connection)
  // must not be an unhandled rejection meanwhile; its failure still reaches the caller below.
  sent.catch(() => undefined);
  return held.then(() => sent);
}

/**
 * Fewer round trips per transaction on PostgreSQL: what a transaction sends before it needs an
 * answer goes out in ONE simple-protocol message with the first statement whose answer it reads.
 * - A client's BEGIN is held back until the transaction's first statement; a transaction that runs
 *   nothing sends nothing. Only the exact 'begin' Kysely sends is held back.
 * - Inside the transaction, a statement marked DEFERRABLE (and without parameters) is answered at
 *   once with an empty result and held back too, in order; two bare select lists held one after the
 *   other become one statement (deferrableSelectList).
 * - The next statement takes what is held with it: `begin; <held>; <statement>` in one message when
 *   it has no parameters (it is answered with its own result), or the held ones as one message written
 *   together with it when it has some: the pool's clients are in pg's pipeline mode (connection.ts,
 *   decision 290), so the two go out in one write and are answered in one round trip; a failure of
 *   the held ones is the statement's failure. COMMIT takes them likewise (`<held>; commit`); ROLLBACK
 *   drops them.
 * PostgreSQL runs a message's statements in order, each with its own snapshot (READ COMMITTED), as if
 * they had been sent one by one: a lock taken by one is held when the next reads. An error in a held
 * statement fails the statement it travelled with (and PostgreSQL skips the rest of that message),
 * and the caller rolls back, as it would have. A statement with a query object or a callback sends
 * whatever is held first.
 */
export function deferBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const prepared: Prepared = { names: new Set(), generation: 0 };
  /** The name `sql` goes under on this connection, or undefined when the connection has its fill of names. */
  const prepare = (sql: string): string | undefined => {
    const name = `${nameOf(sql)}_${prepared.generation}`;
    if (prepared.names.has(name)) return name;
    if (prepared.names.size >= MAX_NAMED) return undefined;
    prepared.names.add(name);
    return name;
  };
  let pending = false;
  let inTransaction = false;
  let held: string[] = [];
  let customerScope = false;
  /** What waits (BEGIN, held statements), taken off the client: the statements to put before the next one. */
  const takeWaiting = () => {
    const waiting = pending ? ['begin', ...held] : held;
    pending = false;
    held = [];
    return waiting;
  };
  const flush = () => {
    const waiting = takeWaiting();
    return waiting.length ? query(waiting.join(';\n')) : undefined;
  };
  (client as unknown as { query: Query }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const plain = typeof text === 'string' && callback === undefined && (values === undefined || Array.isArray(values));
    if (!plain) {
      // A query object or a callback: what waits goes first (pg runs a client's queries in order).
      (flush() as Promise<unknown> | undefined)?.catch(() => undefined); // its failure fails the query below too
      return query(text, values, callback);
    }
    const sql = text as string;
    const params = values as unknown[] | undefined;
    if (inTransaction && sql.includes(CUSTOMER_ROLE)) customerScope = true;
    if (sql === 'begin') {
      pending = true;
      inTransaction = true;
      customerScope = false;
      return Promise.resolve(DONE('BEGIN'));
    }
    if (sql === 'rollback') {
      const begun = !pending;
      pending = false;
      held = []; // never run: nothing to undo
      inTransaction = false;
      return begun ? query(sql) : Promise.resolve(DONE('ROLLBACK'));
    }
    if (sql === 'commit') {
      inTransaction = false;
      if (pending && !held.length) {
        pending = false; // nothing ran: nothing to end
        return Promise.resolve(DONE('COMMIT'));
      }
      const waiting = takeWaiting();
      return waiting.length ? (query([...waiting, sql].join(';\n')) as Promise<unknown>).then(lastResult) : query(sql);
    }
    if (inTransaction && !params?.length && sql.startsWith(DEFERRABLE)) {
      const last = held.length - 1;
      if (last >= 0 && sql.startsWith(SELECT_LIST) && held[last]!.startsWith(SELECT_LIST)) {
        held[last] += `, ${sql.slice(SELECT_LIST.length)}`;
      } else held.push(sql);
      return Promise.resolve(DONE('SELECT'));
    }
    const waiting = takeWaiting();
    if (waiting.length && !params?.length) return (query([...waiting, sql].join(';\n')) as Promise<unknown>).then(lastResult);
    const before = waiting.length ? (query(waiting.join(';\n')) as Promise<unknown>) : undefined;
    const named = inTransaction && customerScope && params?.length ? prepare(sql) : undefined;
    const run = (): Promise<unknown> => {
      if (!named) return query(sql, params) as Promise<unknown>;
      return (query({ name: named, text: sql, values: params }) as Promise<unknown>).catch((err: unknown) => {
        if (planChanged(err)) {
          prepared.generation++;
          prepared.names.clear();
        }
        throw err;
      });
    };
    const sent = before ? afterHeld(before, run()) : run();
    // Only a statement without parameters can be several (simple protocol).
    return params?.length ? sent : sent.then(lastResult);
  };
  resets.set(client, () => {
    pending = false;
    inTransaction = false;
    held = [];
  });
}
