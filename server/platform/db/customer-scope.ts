import { CompiledQuery, sql, type Compilable, type Expression, type Kysely, type Transaction } from 'kysely';
import crypto from 'node:crypto';
import { currentRequest } from '../request-context';
import { deferrableSelectList } from './deferred-begin';
import { quoteLiteral, type SqlLiteral } from './inline-parameters';
import type { Database } from './schema';

/** A database handle or a transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * The owner filter of every customer query: the e-mail column compared as lower(email), so the
 * lower(email) indexes serve it. Row-level security (withCustomerScope below) enforces the same rule again.
 */
export const ownedBy = (email: string | Expression<string>, column: 'email' | 'quotes.email' | 'customers.email' = 'email') =>
  sql<boolean>`lower(${sql.ref(column)}) = lower(${email})`;

/**
 * Runs `work` in a transaction as the role portal_customer with portal.email set to the signed-in
 * account's e-mail as the database confirms it for the request's person (personLiteral below): row-level
 * security (migration 003) then hides every other customer's rows, whatever the query says. Both settings are transaction-local, so a pooled connection goes back clean.
 *
 * The settings statement carries the e-mail as a quoted literal, not a parameter: a statement
 * without parameters goes out with the transaction's BEGIN in one round trip (deferred-begin.ts).
 * Quoting doubles single quotes, which is exact with standard_conforming_strings (on since
 * PostgreSQL 9.1); an address with a backslash or NUL (never a valid e-mail) is sent as a parameter.
 * Marked deferrable, the settings statement waits for the transaction's first statement and goes out
 * with it (and the BEGIN) in one message when that statement has no parameters either; it is a bare
 * select list, so a lock taken right after it (hourly-limit.ts) joins it as one statement.
 */
export function withCustomerScope<T>(db: Kysely<Database>, email: string, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const owner = email.toLowerCase();
  return db.transaction().execute(async (trx) => {
    const person = personLiteral();
    // Written as text (no query built or compiled per request); an address that cannot be quoted is a parameter.
    const settings = quotable(owner)
      ? CompiledQuery.raw(deferrableSelectList(scopeSettings(person, quoteLiteral(owner))))
      : CompiledQuery.raw(`SELECT ${scopeSettings(person, '$1')}`, [owner]);
    // No answer is read: on PostgreSQL the settings wait for the transaction's first statement and go with it.
    await trx.executeQuery(settings);
    return work(trx);
  });
}

/** The scope's three transaction-local settings (see withCustomerScope) as a select list, `person` and `owner` written as SQL. */
const scopeSettings = (person: string, owner: string) =>
  `set_config('portal.person', coalesce(${person}, ''), true), ` +
  `set_config('portal.email', portal_scope_email(${person}, ${owner}), true), set_config('role', 'portal_customer', true)`;

/**
 * Whose request this is, for the database (sql/account-people.sql): the signed-in person's user id
 * (the customer guard puts it in the request context), '' in a request without one (nothing is
 * visible), NULL for server code outside any request (tests, command-line tools: the claim stands).
 * The database answers portal.email = the claimed e-mail only if this person may read that account.
 */
function personLiteral(): string {
  const request = currentRequest();
  return request ? quoteLiteral(request.person ?? '') : 'NULL';
}

/** An address that can travel as a quoted literal: no backslash, no NUL (never in a valid e-mail). */
const quotable = (value: string) => !/[\\\0]/.test(value);

/**
 * The e-mail for ownedBy written into the SQL as a quoted literal instead of a parameter, for
 * readInCustomerScope; an address that cannot be quoted stays a parameter (and takes the transaction).
 */
export const ownerLiteral = (email: string): Expression<string> => (quotable(email) ? sql.lit(email) : sql<string>`${email}`);

const OWNER_MARK = '\u0001portal.owner\u0001';

/**
 * A customer's statement built and compiled ONCE: `build` gets the owner's e-mail as an expression
 * (use it with ownedBy) and must put no parameters in; per request the e-mail is written as a
 * quoted literal where the mark was, so a request builds no query tree and compiles nothing.
 * An address that cannot be quoted gets the statement built for it, with the e-mail as a parameter.
 */
export function ownerStatement<Row>(build: (db: Kysely<Database>, owner: Expression<string>) => Compilable<Row>) {
  const templates = new WeakMap<Kysely<Database>, { parts: string[]; prepared: PreparedStatement }>();
  return (db: Kysely<Database>, email: string): Compilable<Row> | CompiledQuery<Row> => {
    if (!quotable(email)) return build(db, sql<string>`${email}`);
    let template = templates.get(db);
    if (!template) {
      const compiled = build(db, sql.lit(OWNER_MARK)).compile();
      const parts = compiled.sql.split(quoteLiteral(OWNER_MARK));
      if (compiled.parameters.length > 0 || parts.length < 2)
        throw new Error('ownerStatement: the statement must use the owner and have no parameters');
      const text = parts.join('$1');
      template = { parts, prepared: preparedStatement('portal_owner', text, ['text']) };
      templates.set(db, template);
    }
    const query: OwnerQuery<Row> = {
      ...CompiledQuery.raw(template.parts.join(quoteLiteral(email))),
      [PREPARED]: template.prepared,
      [OWNER]: email,
    };
    return query as CompiledQuery<Row>;
  };
}

/**
 * A statement PostgreSQL keeps per connection (PREPARE name(types) AS sql; without types, PostgreSQL
 * infers each parameter's type from where it is used), planned once per connection.
 */
export interface PreparedStatement {
  name: string;
  sql: string;
  types?: readonly string[];
}

/**
 * The prepared statement for `sql`, named `prefix`_ and a hash of its text and types (the same
 * statement, the same name). Pass a fixed set of texts, never one per call: the values go as the
 * EXECUTE's arguments; each text is kept here and by every connection that runs it, for their lives.
 */
export function preparedStatement(prefix: string, sql: string, types?: readonly string[]): PreparedStatement {
  const key = `${prefix}\0${types?.join(',') ?? ''}\0${sql}`;
  let statement = preparedByText.get(key);
  if (!statement) {
    const name = `${prefix}_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
    preparedByText.set(key, (statement = types ? { name, sql, types } : { name, sql }));
  }
  return statement;
}
const preparedByText = new Map<string, PreparedStatement>();

/** EXECUTE of a prepared statement with its arguments written as SQL literals. */
const execute = (statement: PreparedStatement, args: readonly SqlLiteral[]) =>
  args.length > 0 ? `EXECUTE ${statement.name}(${args.join(', ')})` : `EXECUTE ${statement.name}`;

/**
 * Set with the scope before a prepared statement runs: its plan is the generic one, made once per
 * connection, not a new plan per call (PostgreSQL's own choice compares costs and may plan anew at each
 * call). Transaction-local, like the scope's settings.
 */
const GENERIC_PLAN = "set_config('plan_cache_mode', 'force_generic_plan', true)";
const PREPARED = Symbol('prepared');
const OWNER = Symbol('owner');
type OwnerQuery<Row> = CompiledQuery<Row> & { [PREPARED]: PreparedStatement; [OWNER]: string };
const isOwnerQuery = <Row>(query: CompiledQuery<Row>): query is OwnerQuery<Row> => PREPARED in query;

/**
 * Sends one simple-protocol message (several statements, no parameters) and resolves to its last
 * statement's rows; with `statement`, on a connection that has it prepared (PREPARE once per connection).
 */
export type SendOneMessage = (text: string, statement?: PreparedStatement) => Promise<{ rows: unknown[] }>;

/** Databases whose pool takes several statements in one message (PostgreSQL through pg), with the pool's own send; see readInCustomerScope. */
const oneMessage = new WeakMap<Kysely<Database>, SendOneMessage>();
export const allowOneMessageReads = (db: Kysely<Database>, send: SendOneMessage) => oneMessage.set(db, send);
/** The pool's one-message send of `db` (PostgreSQL), or undefined (the embedded database): for the office's one-message reads (office-scope.ts). */
export const oneMessageSend = (db: Kysely<Database>): SendOneMessage | undefined => oneMessage.get(db);

/**
 * One read as the customer, in ONE round trip on PostgreSQL: the scope's settings and the query go
 * out as one simple-protocol message. PostgreSQL runs the statements of such a message as one
 * implicit transaction (the transaction-local settings end with it, the connection goes back
 * clean) and plans each statement after the previous one has run, so row-level security applies
 * to the query as portal_customer with portal.email set. A message of several statements cannot
 * carry parameters: the query must have none (write the e-mail with ownerLiteral, values with
 * sql.lit); one that has some, an address that cannot be quoted, and the embedded database (one
 * statement per query) take withCustomerScope's transaction instead: the same rows either way.
 */
export async function readInCustomerScope<Row>(
  db: Kysely<Database>,
  email: string,
  query: Compilable<Row> | CompiledQuery<Row>,
): Promise<Row[]> {
  const owner = email.toLowerCase();
  const compiled = 'compile' in query ? query.compile() : query;
  const send = oneMessage.get(db);
  if (!send || compiled.parameters.length > 0 || !quotable(owner)) {
    return withCustomerScope(db, email, async (trx) => (await trx.executeQuery(compiled)).rows);
  }
  const person = personLiteral();
  const settings = `SELECT ${scopeSettings(person, quoteLiteral(owner))}`;
  if (isOwnerQuery(compiled)) {
    // An ownerStatement runs as a prepared statement with its generic plan: PostgreSQL plans it once
    // per connection instead of once per request (planning cost about as much as running it). The
    // plan cache keys plans that depend on row-level security by the role and re-plans for another
    // (so the plan is portal_customer's, with the policies in it); portal.email is read when the plan
    // runs, as in a plan made per request. plan_cache_mode is transaction-local, like the settings.
    const { [PREPARED]: statement, [OWNER]: argument } = compiled;
    return (await send(`${settings}, ${GENERIC_PLAN};\n${execute(statement, [quoteLiteral(argument)])}`, statement)).rows as Row[];
  }
  // Straight to the pool: the statement is compiled already, Kysely's executor would only pass it on.
  return (await send(`${settings};\n${compiled.sql}`)).rows as Row[];
}

/**
 * One write as the customer in ONE round trip on PostgreSQL (decision 296), as readInCustomerScope
 * reads: the scope's settings, with `selectList` beside them (the hourly limit's lock, held before the
 * statement takes its snapshot), then `statement`, in one simple-protocol message. PostgreSQL runs the
 * message as one implicit transaction and commits it after its last statement: the rows come back
 * once they are kept, and a failure anywhere keeps nothing. The message carries no parameters (its
 * values written as literals with inline-parameters.ts's literal(), never a text as received); a
 * PreparedCall is EXECUTEd with its generic plan, the statement prepared once per connection on the
 * message's connection (decision 298: parsing and planning it was about an eighth of the database's
 * work per request). Undefined where one message cannot carry it (the embedded database, an account
 * e-mail that cannot be quoted): the caller takes withCustomerScope's transaction instead.
 */
export async function writeInCustomerScope<Row>(
  db: Kysely<Database>,
  email: string,
  parts: { selectList?: string | undefined; statement: string | PreparedCall },
): Promise<Row[] | undefined> {
  const owner = email.toLowerCase();
  const send = oneMessage.get(db);
  if (!send || !quotable(owner)) return undefined;
  const settings = scopeSettings(personLiteral(), quoteLiteral(owner));
  const first = parts.selectList ? `${settings}, ${parts.selectList}` : settings;
  const { statement } = parts;
  if (typeof statement === 'string') return (await send(`SELECT ${first};\n${statement}`)).rows as Row[];
  const message = `SELECT ${first}, ${GENERIC_PLAN};\n${execute(statement.prepared, statement.arguments)}`;
  return (await send(message, statement.prepared)).rows as Row[];
}

/** A prepared statement and its arguments, each a value written as SQL by inline-parameters.ts (literal, quoteLiteral). */
export interface PreparedCall {
  prepared: PreparedStatement;
  arguments: readonly SqlLiteral[];
}
