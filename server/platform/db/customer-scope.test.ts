import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { allowOneMessageReads, ownedBy, ownerLiteral, ownerStatement, readInCustomerScope } from './customer-scope';
import { deferBegin } from './deferred-begin';
import type { Database } from './schema';

/** A pool whose one client records what it is sent (with the deferred BEGIN the real pool's clients get) and answers one empty result per statement. */
function recordingDb() {
  const sent: { text: string; values: unknown[] }[] = [];
  const client = {
    query: (text: string, values?: unknown[]) => {
      sent.push({ text, values: values ?? [] });
      const statements = text.split(';\n').length;
      const one = { command: 'SELECT', rowCount: 0, rows: [], fields: [] };
      return Promise.resolve(statements > 1 ? Array.from({ length: statements }, () => one) : one);
    },
    release: () => undefined,
  };
  deferBegin(client as unknown as pg.PoolClient);
  const pool = { connect: async () => client, end: async () => undefined } as unknown as PostgresPool;
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), sent };
}

const list = ownerStatement((db, owner) => db.selectFrom('quotes').select(['id', 'description']).where(ownedBy(owner, 'quotes.email')));

describe('readInCustomerScope', () => {
  it('sends the settings and the query as ONE message, with no parameters, to the pool on PostgreSQL', async () => {
    const { db, sent } = recordingDb();
    const prepared: unknown[] = [];
    allowOneMessageReads(db, (text, statement) => {
      sent.push({ text, values: [] });
      prepared.push(statement);
      return Promise.resolve({ rows: [] });
    });
    const raw = db
      .selectFrom('quotes')
      .select('id')
      .where(ownedBy(ownerLiteral('ana@example.com'), 'quotes.email'));
    await readInCustomerScope(db, 'Ana@Example.com', raw);
    await readInCustomerScope(db, 'Ana@Example.com', list(db, 'Ana@Example.com'));
    expect(sent).toHaveLength(2);
    expect(sent.map((s) => s.values)).toEqual([[], []]);
    // A query as it is...
    expect(sent[0]!.text).toBe(
      `SELECT set_config('portal.person', coalesce(NULL, ''), true), ` +
        `set_config('portal.email', portal_scope_email(NULL, 'ana@example.com'), true), set_config('role', 'portal_customer', true);\n` +
        `select "id" from "quotes" where lower("quotes"."email") = lower('ana@example.com')`,
    );
    expect(prepared[0]).toBeUndefined();
    // ...and an ownerStatement as its prepared statement, the e-mail its one argument.
    const name = /^portal_owner_[0-9a-f]{16}$/;
    expect(prepared[1]).toEqual({
      name: expect.stringMatching(name),
      sql: `select "id", "description" from "quotes" where lower("quotes"."email") = lower($1)`,
      types: ['text'],
    });
    const { name: statementName } = prepared[1] as { name: string };
    expect(sent[1]!.text).toBe(
      `SELECT set_config('portal.person', coalesce(NULL, ''), true), ` +
        `set_config('portal.email', portal_scope_email(NULL, 'ana@example.com'), true), set_config('role', 'portal_customer', true), ` +
        `set_config('plan_cache_mode', 'force_generic_plan', true);\nEXECUTE ${statementName}('Ana@Example.com')`,
    );
  });

  it('takes a transaction where one message is not allowed: BEGIN, the settings and the query in one message, then COMMIT', async () => {
    const { db, sent } = recordingDb();
    await readInCustomerScope(db, 'ana@example.com', list(db, 'ana@example.com'));
    expect(sent.map((s) => s.text)).toEqual([
      expect.stringMatching(
        /^begin;\n\/\* deferrable \*\/ \/\* select list \*\/ SELECT set_config\('portal\.person', coalesce\(NULL, ''\), true\), set_config\('portal\.email', portal_scope_email\(NULL, 'ana@example\.com'\), true\), set_config\('role', 'portal_customer', true\);\nselect "id", "description" from "quotes"/,
      ),
      'commit',
    ]);
  });
});

describe('ownerStatement', () => {
  it('compiles once and writes each e-mail in as a quoted literal; an unquotable one becomes a parameter', () => {
    const { db } = recordingDb();
    let builds = 0;
    const statement = ownerStatement((d, owner) => {
      builds++;
      return d.selectFrom('quotes').select('id').where(ownedBy(owner, 'quotes.email'));
    });
    const a = statement(db, 'ana@example.com');
    const b = statement(db, "o'neil@example.com");
    expect(builds).toBe(1);
    expect('sql' in a && a.sql).toBe(`select "id" from "quotes" where lower("quotes"."email") = lower('ana@example.com')`);
    expect('sql' in b && b.sql).toBe(`select "id" from "quotes" where lower("quotes"."email") = lower('o''neil@example.com')`);
    const odd = statement(db, 'a\\b@example.com');
    expect('compile' in odd && odd.compile().parameters).toEqual(['a\\b@example.com']);
  });
});
