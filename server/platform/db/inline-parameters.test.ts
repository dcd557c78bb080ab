import { CompiledQuery, Kysely, PostgresDialect, sql, type PostgresPool, type RawBuilder } from 'kysely';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { inlineParameters, quoteLiteral, statementTemplate } from './inline-parameters';
import type { Database } from './schema';

const inline = (sql: string, parameters: unknown[]) => inlineParameters(CompiledQuery.raw(sql, parameters));

describe('inlineParameters', () => {
  it('writes each parameter in as a literal: strings quoted by pg, numbers, booleans, NULL', () => {
    const q = inline('select $1, $2, $3, $4, $5, $10', ["O'Brien", 12, true, null, 'a\\b', 'ten']);
    // $10 has no parameter of its own here: the query is left as it is.
    expect(q.parameters).toHaveLength(6);
    const ok = inline('insert into t values ($1, $2, $3, $4, $5, $6)', ["O'Brien", 12, true, null, 'back\\slash', -5]);
    expect(ok.parameters).toEqual([]);
    // pg writes a space before E'...', harmless.
    expect(ok.sql).toBe(`insert into t values ('O''Brien', 12, true, NULL,  E'back\\\\slash', (-5))`);
  });

  it('never touches $n inside a literal, a quoted identifier or a comment', () => {
    const q = inline(`select '$1', E'\\'$1', "$1", x -- $1\n, /* $1 */ $1 from t where a = 'it''s $2' and b = $2`, ['v', 7]);
    expect(q.sql).toBe(`select '$1', E'\\'$1', "$1", x -- $1\n, /* $1 */ 'v' from t where a = 'it''s $2' and b = 7`);
  });

  it('keeps the parameters of a query with a value it cannot write (NUL, an array, a date, an infinite number)', () => {
    for (const value of ['a\0b', [1, 2], new Date(0), Infinity]) {
      const q = inline('select $1', [value]);
      expect(q).toEqual(CompiledQuery.raw('select $1', [value]));
    }
  });
});

describe('quoteLiteral', () => {
  it("writes exactly what pg's escapeLiteral writes", () => {
    for (const value of ['', 'plain', "O'Brien", "''", 'back\\slash', "both ' and \\", '\\', "'", 'ünïcødé 🚰', 'line\nbreak', "E'x'"]) {
      expect(quoteLiteral(value)).toBe(pg.escapeLiteral(value));
    }
  });
});

describe('statementTemplate', () => {
  it('builds and compiles once per shape, then writes each call its values as literals', () => {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as PostgresPool }) });
    let builds = 0;
    const statement = statementTemplate((d: Kysely<Database>, v: { name: RawBuilder<string>; n: RawBuilder<number> }, shape: string) => {
      builds++;
      const query = d
        .selectFrom('customers')
        .select('id')
        .where(sql<boolean>`name = ${v.name}`)
        .where('id', '>', 7);
      return shape === 'limited' ? query.limit(v.n) : query;
    });
    expect(statement(db, { name: "O'Hara", n: 5 }, 'limited').sql).toBe(
      `select "id" from "customers" where name = 'O''Hara' and "id" > 7 limit 5`,
    );
    expect(statement(db, { name: 'Ana', n: 2 }, 'limited').sql).toBe(
      `select "id" from "customers" where name = 'Ana' and "id" > 7 limit 2`,
    );
    expect(statement(db, { name: 'Ana', n: 2 }).sql).toBe(`select "id" from "customers" where name = 'Ana' and "id" > 7`);
    expect(builds).toBe(2);
  });

  it('writes the constants in once and keeps the parameters for a call whose value cannot be written', () => {
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: {} as PostgresPool }) });
    const statement = statementTemplate((d: Kysely<Database>, v: { name: RawBuilder<string> }) =>
      d
        .selectFrom('customers')
        .select('id')
        .where('email', '=', "it's $1")
        .where(sql<boolean>`name = ${v.name} or phone = ${v.name}`),
    );
    expect(statement(db, { name: 'a\\b' })).toMatchObject({
      sql: `select "id" from "customers" where "email" = 'it''s $1' and name =  E'a\\\\b' or phone =  E'a\\\\b'`,
      parameters: [],
    });
    expect(statement(db, { name: 'nul\0' })).toMatchObject({
      sql: 'select "id" from "customers" where "email" = $1 and name = $2 or phone = $3',
      parameters: ["it's $1", 'nul\0', 'nul\0'],
    });
  });
});
