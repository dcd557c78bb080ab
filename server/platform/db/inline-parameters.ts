import { CompiledQuery, sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import { deferrable } from './deferred-begin';
import type { Database } from './schema';

declare const sqlLiteral: unique symbol;
/**
 * One value written as SQL text by quoteLiteral or literal below, the only functions that make one:
 * what may be written into a statement where the value goes (an EXECUTE's argument, a VALUES list).
 */
export type SqlLiteral = string & { readonly [sqlLiteral]: true };

/**
 * A string as a quoted SQL literal: exactly pg's escapeLiteral (single quotes doubled; with a
 * backslash, backslashes doubled and ` E'...'`, exact whatever standard_conforming_strings says), but
 * made with two replaceAll calls instead of a character at a time (an e-mail's body is about 1 kB).
 */
export function quoteLiteral(value: string): SqlLiteral {
  const quoted = `'${value.includes("'") ? value.replaceAll("'", "''") : value}'`;
  return (value.includes('\\') ? ` E${quoted.replaceAll('\\', '\\\\')}` : quoted) as SqlLiteral;
}

/**
 * A value as SQL text: strings by quoteLiteral, finite numbers as numerals (negative ones in
 * parentheses, so `a -$1` cannot become a comment), booleans, NULL. Undefined for anything else
 * (arrays, dates, buffers, a string with NUL, which PostgreSQL's text cannot hold): such a query
 * keeps its parameters.
 */
export function literal(value: unknown): SqlLiteral | undefined {
  if (typeof value === 'string') return value.includes('\0') ? undefined : quoteLiteral(value);
  return nonStringLiteral(value) as SqlLiteral | undefined;
}
const nonStringLiteral = (value: unknown): string | undefined => {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return value < 0 || Object.is(value, -0) ? `(${String(value)})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
};

/** A statement's text cut at its parameters: chunks[0] $(slots[0]+1) chunks[1] $(slots[1]+1) ... chunks[n]. */
interface ParameterSlots {
  chunks: string[];
  slots: number[];
}

/**
 * Where the parameters of `text` are: `$n` only where it is a parameter, not inside a quoted literal
 * ('...', E'...'), a quoted identifier ("...") or a comment. Undefined when a `$n` names no parameter
 * of the `count` there are.
 */
function parameterSlots(text: string, count: number): ParameterSlots | undefined {
  const chunks: string[] = [];
  const slots: number[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const next = text[i + 1];
    let end = i + 1;
    if (ch === "'") {
      // E'...' takes backslash escapes; '...' only doubled quotes.
      const escapes = i > 0 && /[eE]/.test(text[i - 1]!) && (i < 2 || !/[\w$]/.test(text[i - 2]!));
      while (end < text.length) {
        if (escapes && text[end] === '\\') end += 2;
        else if (text[end] === "'" && text[end + 1] === "'") end += 2;
        else if (text[end] === "'") break;
        else end++;
      }
      end++;
    } else if (ch === '"') {
      while (end < text.length && !(text[end] === '"' && text[end + 1] !== '"')) end += text[end] === '"' ? 2 : 1;
      end++;
    } else if (ch === '-' && next === '-') {
      while (end < text.length && text[end] !== '\n') end++;
    } else if (ch === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      end = close < 0 ? text.length : close + 2;
    } else if (ch === '$' && /\d/.test(next ?? '') && (i === 0 || !/[\w$]/.test(text[i - 1]!))) {
      while (end < text.length && /\d/.test(text[end]!)) end++;
      const n = Number(text.slice(i + 1, end));
      if (n < 1 || n > count) return undefined;
      chunks.push(text.slice(from, i));
      slots.push(n - 1);
      from = end;
    }
    i = end;
  }
  chunks.push(text.slice(from));
  return { chunks, slots };
}

/** The text with each parameter's literal in its place. */
function fill({ chunks, slots }: ParameterSlots, literals: readonly string[]): string {
  let out = chunks[0]!;
  for (let k = 0; k < slots.length; k++) out += literals[slots[k]!]! + chunks[k + 1]!;
  return out;
}

/** Every value as a literal, or undefined when one cannot be written so. */
function literals(values: readonly unknown[]): SqlLiteral[] | undefined {
  const out: SqlLiteral[] = [];
  for (const value of values) {
    const text = literal(value);
    if (text === undefined) return undefined;
    out.push(text);
  }
  return out;
}

/**
 * A compiled query with its parameters written into the text as literals, so it can travel in one
 * simple-protocol message with other statements (deferred-begin.ts); the query unchanged when a value
 * cannot be written so. `$n` is replaced only where it is a parameter (parameterSlots). PostgreSQL
 * types an untyped quoted literal from its context as it types a parameter; a numeral is an integer
 * or numeric constant.
 */
export function inlineParameters<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (query.parameters.length === 0) return query;
  const values = literals(query.parameters);
  const slots = values && parameterSlots(query.sql, query.parameters.length);
  if (!values || !slots) return query;
  return { ...CompiledQuery.raw(fill(slots, values), []), query: query.query, queryId: query.queryId } as CompiledQuery<R>;
}

const MARK = (name: string) => `\u0001value:${name}\u0001`;

/**
 * A statement built and compiled ONCE per shape, its values written in per call as literals (for a
 * hot path: no query tree is built, nothing is compiled and the text is not searched per request).
 * `build` gets each value as an expression standing for it (a parameter, which the compiled text
 * keeps as $n) and must not look at the values themselves; `shape` names what else the statement
 * depends on (e.g. whether a check is there), each shape compiled once. Constants the builder passes
 * as parameters are written in once. Answers the compiled query for the call, as inlineParameters
 * would: with its parameters kept when a value cannot be written as a literal.
 */
export function statementTemplate<V extends Record<string, unknown>, R, D = Kysely<Database>>(
  build: (db: D, values: { [K in keyof V]: RawBuilder<V[K]> }, shape: string) => Compilable<R>,
) {
  interface Template {
    sql: string;
    sources: ({ value: unknown } | { name: keyof V })[];
    /** The text cut at the values' places, the constants written in; undefined when a constant cannot be. */
    slots: ParameterSlots | undefined;
    /** Which value each slot of `slots` takes. */
    names: (keyof V)[];
  }
  const shapes = new Map<string, Template>();
  const prepare = (db: D, values: V, shape: string): Template => {
    const marks = Object.fromEntries(Object.keys(values).map((name) => [name, sql`${MARK(name)}`])) as {
      [K in keyof V]: RawBuilder<V[K]>;
    };
    const compiled = build(db, marks, shape).compile();
    const byMark = new Map(Object.keys(values).map((name) => [MARK(name), name as keyof V]));
    const sources: Template['sources'] = compiled.parameters.map((p) =>
      typeof p === 'string' && byMark.has(p) ? { name: byMark.get(p)! } : { value: p },
    );
    // The constants written in now; the values' places renumbered in the order of `names`.
    const names = [...new Set(sources.flatMap((s) => ('name' in s ? [s.name] : [])))];
    const fixed = sources.map((s, i) => ('name' in s ? `$${names.indexOf(s.name) + 1}` : (literal(s.value) ?? `$${i + 1}`)));
    const allFixed = sources.every((s) => 'name' in s || literal(s.value) !== undefined);
    const all = allFixed ? parameterSlots(compiled.sql, sources.length) : undefined;
    const slots = all && parameterSlots(fill(all, fixed), names.length);
    return { sql: compiled.sql, sources, slots, names };
  };
  const templateFor = (db: D, values: V, shape: string) => {
    let template = shapes.get(shape);
    if (!template) shapes.set(shape, (template = prepare(db, values, shape)));
    return template;
  };
  const statement = (db: D, values: V, shape = ''): CompiledQuery<R> => {
    const template = templateFor(db, values, shape);
    const written = template.slots && literals(template.names.map((name) => values[name]));
    if (template.slots && written) return CompiledQuery.raw(fill(template.slots, written), []) as CompiledQuery<R>;
    const parameters = template.sources.map((s) => ('name' in s ? values[s.name] : s.value));
    return CompiledQuery.raw(template.sql, parameters) as CompiledQuery<R>;
  };
  /**
   * The statement for a prepared statement (PREPARE … AS sql): its text with the values' places as
   * $1…$n (numbered from `first`), the constants written in, and the values as literals in that order,
   * for EXECUTE. A value used twice is one parameter: where PostgreSQL infers its type, both places must
   * agree on it. Undefined when a value or a constant cannot be written as a literal.
   */
  const parameterized = (db: D, values: V, shape = '', first = 1): { sql: string; arguments: SqlLiteral[] } | undefined => {
    const template = templateFor(db, values, shape);
    const written = template.slots && literals(template.names.map((name) => values[name]));
    if (!template.slots || !written) return undefined;
    return {
      sql: fill(
        template.slots,
        template.names.map((_, i) => `$${first + i}`),
      ),
      arguments: written,
    };
  };
  return Object.assign(statement, { parameterized });
}

/**
 * Runs a statement whose answer no one reads (an INSERT of rows not read back) so that, inside a
 * transaction on PostgreSQL, it waits and travels with the transaction's next statement
 * (deferred-begin.ts): its values written in as literals. With a value that cannot be written so, it
 * runs at once with its parameters. An error it meets fails the statement it travels with.
 */
export async function executeHeld(db: Kysely<Database>, query: Compilable<unknown>): Promise<void> {
  const written = inlineParameters(query.compile());
  await db.executeQuery(written.parameters.length ? written : { ...written, sql: deferrable(written.sql) });
}
