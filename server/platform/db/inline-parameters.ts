import { CompiledQuery, sql, type Compilable, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';
import pg from 'pg';

/**
 * A value as SQL text: strings by pg's own escapeLiteral (quotes doubled, E'' with backslashes
 * doubled when there are any: exact whatever standard_conforming_strings says), finite numbers as
 * numerals (negative ones in parentheses, so `a -$1` cannot become a comment), booleans, NULL.
 * Undefined for anything else (arrays, dates, buffers, a string with NUL, which PostgreSQL's text
 * cannot hold): such a query keeps its parameters.
 */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'string') return value.includes('\0') ? undefined : pg.escapeLiteral(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    return value < 0 || Object.is(value, -0) ? `(${String(value)})` : String(value);
  }
  if (typeof value === 'bigint') return value < 0n ? `(${value})` : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

/**
 * A compiled query with its parameters written into the text as literals, so it can travel in one
 * simple-protocol message with other statements (deferred-begin.ts); the query unchanged when a value
 * cannot be written so. `$n` is replaced only where it is a parameter: not inside a quoted literal
 * ('...', E'...'), a quoted identifier ("...") or a comment. PostgreSQL types an untyped quoted
 * literal from its context as it types a parameter; a numeral is an integer or numeric constant.
 */
export function inlineParameters<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (query.parameters.length === 0) return query;
  const literals = query.parameters.map(literal);
  if (literals.some((l) => l === undefined)) return query;
  const text = query.sql;
  let out = '';
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
      const value = literals[n - 1];
      if (value === undefined) return query; // $n with no parameter: leave the query as it is
      out += value;
      i = end;
      continue;
    }
    out += text.slice(i, end);
    i = end;
  }
  return { ...CompiledQuery.raw(out, []), query: query.query, queryId: query.queryId } as CompiledQuery<R>;
}

const MARK = (name: string) => `\u0001value:${name}\u0001`;

/**
 * A statement built and compiled ONCE per shape, its values written in per call as literals (for a
 * hot path: no query tree is built and nothing is compiled per request). `build` gets each value as
 * an expression standing for it (a parameter, which the compiled text keeps as $n) and must not
 * look at the values themselves; `shape` names what else the statement depends on (e.g. whether a
 * check is there), each shape compiled once. Constants the builder passes as parameters stay as
 * they were. Answers the compiled query for the call, inlined as inlineParameters does.
 */
export function statementTemplate<V extends Record<string, unknown>, R, D = Kysely<Database>>(
  build: (db: D, values: { [K in keyof V]: RawBuilder<V[K]> }, shape: string) => Compilable<R>,
) {
  const shapes = new Map<string, { sql: string; sources: ({ value: unknown } | { name: keyof V })[] }>();
  return (db: D, values: V, shape = ''): CompiledQuery<R> => {
    let template = shapes.get(shape);
    if (!template) {
      const marks = Object.fromEntries(Object.keys(values).map((name) => [name, sql`${MARK(name)}`])) as {
        [K in keyof V]: RawBuilder<V[K]>;
      };
      const compiled = build(db, marks, shape).compile();
      const byMark = new Map(Object.keys(values).map((name) => [MARK(name), name as keyof V]));
      const sources = compiled.parameters.map((p) => (typeof p === 'string' && byMark.has(p) ? { name: byMark.get(p)! } : { value: p }));
      template = { sql: compiled.sql, sources };
      shapes.set(shape, template);
    }
    const parameters = template.sources.map((s) => ('name' in s ? values[s.name] : s.value));
    return inlineParameters(CompiledQuery.raw(template.sql, parameters)) as CompiledQuery<R>;
  };
}
