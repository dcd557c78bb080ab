import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../tests/support/database';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { openPostgres } from './connection';
import { ownerStatement, preparedStatement, readInCustomerScope, withCustomerScope, writeInCustomerScope } from './customer-scope';
import { quoteLiteral } from './inline-parameters';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
  await sql`INSERT INTO customers (email, name) VALUES ('ana@example.com', 'Ana'), ('ben@example.com', 'Ben')`.execute(portal.db);
  const q = await sql<{ id: number }>`INSERT INTO quotes (email, description, total, status)
    VALUES ('Ana@Example.com', 'Ana roof', 100, 'Sent'), ('ben@example.com', 'Ben deck', 200, 'Sent') RETURNING id`.execute(portal.db);
  // One history row each, written by hand as the office does (the database logs only changes, migration 055).
  expect(q.rows).toHaveLength(2);
  for (const { id } of q.rows) await sql`INSERT INTO quote_status_log (quote_id, status) VALUES (${id}, 'Sent')`.execute(portal.db);
  await sql`INSERT INTO work_orders (email, description, address) VALUES ('ana@example.com', 'a', 'x'), ('ben@example.com', 'b', 'y')`.execute(
    portal.db,
  );
});
afterAll(() => portal?.close());

describe('row-level security', () => {
  it('a query with no owner filter still returns only the customer’s own rows', async () => {
    const seen = await withCustomerScope(portal.db, 'ana@example.com', async (trx) => ({
      customers: await trx.selectFrom('customers').select('email').execute(),
      quotes: await trx.selectFrom('quotes').select('description').execute(),
      history: await trx.selectFrom('quote_status_log').select('quote_id').execute(),
      orders: await trx.selectFrom('work_orders').select('description').execute(),
    }));
    expect(seen.customers).toEqual([{ email: 'ana@example.com' }]);
    expect(seen.quotes).toEqual([{ description: 'Ana roof' }]);
    expect(seen.history).toHaveLength(1);
    expect(seen.orders).toEqual([{ description: 'a' }]);
  });

  it('can write its own rows: a work order, a revision request and its queued e-mail', async () => {
    const anaQuote = await portal.db.selectFrom('quotes').select('id').where('description', '=', 'Ana roof').executeTakeFirstOrThrow();
    const result = await withCustomerScope(portal.db, 'ana@example.com', async (trx) => {
      const order = await trx
        .insertInto('work_orders')
        .values({ email: 'ana@example.com', description: 'new', address: 'x' })
        .returning(['id', 'status'])
        .executeTakeFirstOrThrow();
      await trx.insertInto('quote_requests').values({ quote_id: anaQuote.id, email: 'ana@example.com', message: 'cheaper?' }).execute();
      const mail = await trx
        .insertInto('mail_outbox')
        .values({ kind: 't', to_address: 'o@x', subject: 's', text_body: 'b', next_attempt_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cancelled = await trx
        .updateTable('work_orders')
        .set({ status: 'Cancelled' })
        .where('id', '=', order.id)
        .returning('status')
        .executeTakeFirstOrThrow();
      return { order, mail, cancelled };
    });
    expect(result.order.status).toBe('Pending');
    expect(result.mail.id).toBeGreaterThan(0);
    expect(result.cancelled.status).toBe('Cancelled');
  });

  it('cannot write another customer’s rows, nor rows in another’s name', async () => {
    const updated = await withCustomerScope(portal.db, 'ana@example.com', (trx) =>
      trx.updateTable('work_orders').set({ status: 'Cancelled' }).where('email', '=', 'ben@example.com').executeTakeFirst(),
    );
    expect(Number(updated.numUpdatedRows)).toBe(0);
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('work_orders').values({ email: 'ben@example.com', description: 'forged', address: 'z' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const benQuote = await portal.db.selectFrom('quotes').select('id').where('email', '=', 'ben@example.com').executeTakeFirstOrThrow();
    await expect(
      withCustomerScope(portal.db, 'ana@example.com', (trx) =>
        trx.insertInto('quote_requests').values({ quote_id: benQuote.id, email: 'ana@example.com', message: 'x' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });

  it('runs as a role that cannot bypass the policies nor read accounts', async () => {
    const role = await withCustomerScope(portal.db, 'ana@example.com', (trx) =>
      sql<{
        rolname: string;
        rolbypassrls: boolean;
        rolsuper: boolean;
      }>`SELECT rolname, rolbypassrls, rolsuper FROM pg_roles WHERE rolname = current_user`.execute(trx),
    );
    expect(role.rows).toEqual([{ rolname: 'portal_customer', rolbypassrls: false, rolsuper: false }]);
    await expect(withCustomerScope(portal.db, 'ana@example.com', (trx) => sql`SELECT * FROM "user"`.execute(trx))).rejects.toThrow(
      /permission denied/,
    );
    await expect(withCustomerScope(portal.db, 'ana@example.com', (trx) => sql`SELECT * FROM session`.execute(trx))).rejects.toThrow(
      /permission denied/,
    );
  });

  it('sees nothing when no e-mail is set', async () => {
    const rows = await portal.db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('role', 'portal_customer', true)`.execute(trx);
      return trx.selectFrom('quotes').select('id').execute();
    });
    expect(rows).toEqual([]);
  });
});

describe('readInCustomerScope (one round trip on PostgreSQL)', () => {
  const connectionState = () =>
    sql<{ who: string; email: string | null }>`SELECT current_user AS who, current_setting('portal.email', true) AS email`
      .execute(portal.db)
      .then((r) => r.rows[0]);

  it('applies row-level security to a query with no owner filter', async () => {
    const quotes = await readInCustomerScope(portal.db, 'ANA@example.com', portal.db.selectFrom('quotes').select('description'));
    expect(quotes).toEqual([{ description: 'Ana roof' }]);
    const history = await readInCustomerScope(portal.db, 'ben@example.com', portal.db.selectFrom('quote_status_log').select('status'));
    expect(history).toHaveLength(1);
  });

  it('leaves the pooled connection as it found it, after a read and after a refused one', async () => {
    const clean = { who: (await connectionState())!.who, email: expect.toBeOneOf([null, '']) };
    expect(clean.who).not.toBe('portal_customer');
    await readInCustomerScope(portal.db, 'ana@example.com', portal.db.selectFrom('work_orders').select('id'));
    expect(await connectionState()).toEqual(clean);
    await expect(readInCustomerScope(portal.db, 'ana@example.com', sql`SELECT id FROM session`.compile(portal.db))).rejects.toThrow(
      /permission denied/,
    );
    expect(await connectionState()).toEqual(clean);
  });

  it('runs an ownerStatement prepared once per connection, planned for the customer role: each customer sees only their rows', async () => {
    // No owner filter (the owner is only compared with NULL): row-level security alone decides.
    const statement = ownerStatement((db, owner) =>
      db
        .selectFrom('quotes')
        .select('description')
        .where(sql<boolean>`${owner} is not null`)
        .orderBy('description'),
    );
    // One connection, so every read reuses the same prepared statement and its plan.
    const url = portal.runtime.database.url;
    const single = url ? await openPostgres(url, 1) : undefined;
    const db = single?.db ?? portal.db;
    try {
      for (const round of [1, 2, 3, 4, 5, 6]) {
        const ana = await readInCustomerScope(db, 'ana@example.com', statement(db, 'ana@example.com'));
        const ben = await readInCustomerScope(db, 'Ben@example.com', statement(db, 'Ben@example.com'));
        const nobody = await readInCustomerScope(db, 'zed@example.com', statement(db, 'zed@example.com'));
        expect({ round, ana, ben, nobody }).toEqual({
          round,
          ana: [{ description: 'Ana roof' }],
          ben: [{ description: 'Ben deck' }],
          nobody: [],
        });
      }
      if (single) {
        const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
          SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'portal_owner_%'`.execute(single.db);
        expect(rows).toEqual([{ generic_plans: 18, custom_plans: 0 }]);
        // The connection goes back as it came: the owner's role, no e-mail set.
        const state = await sql<{
          who: string;
          email: string | null;
        }>`SELECT current_user AS who, current_setting('portal.email', true) AS email`.execute(single.db);
        expect(state.rows[0]!.who).not.toBe('portal_customer');
        expect(state.rows[0]!.email ?? '').toBe('');
      }
    } finally {
      await single?.close();
    }
  });

  it('quotes an apostrophe, and takes the transaction for an address it cannot quote', async () => {
    await sql`INSERT INTO quotes (email, description, total, status) VALUES ('o''neil@example.com', 'O roof', 1, 'Sent')`.execute(
      portal.db,
    );
    const quotes = await readInCustomerScope(portal.db, "O'Neil@example.com", portal.db.selectFrom('quotes').select('description'));
    expect(quotes).toEqual([{ description: 'O roof' }]);
    const none = await readInCustomerScope(portal.db, 'ana\\@example.com', portal.db.selectFrom('quotes').select('description'));
    expect(none).toEqual([]);
  });
});

describe('writeInCustomerScope (one message on PostgreSQL)', () => {
  const lock = "pg_advisory_xact_lock(hashtextextended('scope-test', 0))";
  const state = () =>
    sql<{ who: string; email: string | null; locks: number }>`SELECT current_user AS who, current_setting('portal.email', true) AS email,
      (SELECT count(*)::int FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
         AND ((classid::bigint << 32) | objid::bigint) = hashtextextended('scope-test', 0)) AS locks`
      .execute(portal.db)
      .then((r) => r.rows[0]);

  it('writes as the customer and keeps it; a failure after a write keeps nothing, holds no lock and leaves the connection clean', async () => {
    const written = await writeInCustomerScope<{ email: string }>(portal.db, 'Ana@example.com', {
      selectList: lock,
      statement: "INSERT INTO work_orders (email, description, address) VALUES ('ana@example.com', 'one message', 'x') RETURNING email",
    });
    if (!portal.runtime.database.url) return expect(written).toBeUndefined(); // the embedded database: the caller's transaction
    expect(written).toEqual([{ email: 'ana@example.com' }]);
    const clean = { who: (await state())!.who, email: expect.toBeOneOf([null, '']), locks: 0 };
    expect(clean.who).not.toBe('portal_customer');
    expect(await state()).toEqual(clean);
    await expect(
      writeInCustomerScope(portal.db, 'ana@example.com', {
        selectList: lock,
        statement:
          "WITH w AS (INSERT INTO work_orders (email, description, address) VALUES ('ana@example.com', 'half', 'x') RETURNING id) SELECT id / 0 FROM w",
      }),
    ).rejects.toThrow(/division by zero/);
    // Row-level security holds in the message: another customer's row is refused, and nothing of it kept.
    await expect(
      writeInCustomerScope(portal.db, 'ana@example.com', {
        statement: "INSERT INTO work_orders (email, description, address) VALUES ('ben@example.com', 'as Ben', 'x')",
      }),
    ).rejects.toThrow(/row-level security/);
    expect(await state()).toEqual(clean);
    const kept = await portal.db
      .selectFrom('work_orders')
      .select('description')
      .where('description', 'in', ['one message', 'half', 'as Ben'])
      .execute();
    expect(kept).toEqual([{ description: 'one message' }]);
  });

  it('runs a prepared statement with its arguments, prepared once per connection with its generic plan, as the customer', async () => {
    const prepared = preparedStatement(
      'portal_write',
      'INSERT INTO work_orders (email, description, address) VALUES ($1, $2, $3) RETURNING email, description',
    );
    const url = portal.runtime.database.url;
    if (!url) {
      // The embedded database: the caller takes withCustomerScope's transaction instead.
      const statement = { prepared, arguments: ['ana@example.com', 'embedded', 'x'].map(quoteLiteral) };
      return expect(await writeInCustomerScope(portal.db, 'ana@example.com', { statement })).toBeUndefined();
    }
    const single = await openPostgres(url, 1);
    const write = (email: string, description: string) =>
      writeInCustomerScope<{ email: string; description: string }>(single.db, 'ana@example.com', {
        selectList: lock,
        statement: { prepared, arguments: [email, description, 'x'].map(quoteLiteral) },
      });
    try {
      for (const round of [1, 2, 3, 4, 5, 6]) {
        expect(await write('ana@example.com', `prepared ${round}`)).toEqual([
          { email: 'ana@example.com', description: `prepared ${round}` },
        ]);
      }
      // Row-level security holds for the prepared statement's plan: another customer's row is refused.
      await expect(write('ben@example.com', 'prepared as Ben')).rejects.toThrow(/row-level security/);
      const { rows } = await sql<{ generic_plans: number; custom_plans: number }>`
        SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name = ${prepared.name}`.execute(single.db);
      expect(rows).toEqual([{ generic_plans: 7, custom_plans: 0 }]);
      const state = await sql<{ who: string; email: string | null; plan: string }>`
        SELECT current_user AS who, current_setting('portal.email', true) AS email, current_setting('plan_cache_mode') AS plan`.execute(
        single.db,
      );
      expect(state.rows[0]).toEqual({
        who: expect.not.stringMatching(/^portal_customer$/),
        email: expect.toBeOneOf([null, '']),
        plan: 'auto',
      });
    } finally {
      await single.close();
    }
    const kept = await portal.db.selectFrom('work_orders').select('description').where('description', 'like', 'prepared%').execute();
    expect(kept.map((row) => row.description).sort()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `prepared ${n}`));
  });

  // PostgreSQL only: the embedded database has no prepared statements (its writes take the transaction).
  it.runIf(testDatabaseKind() === 'postgres')(
    'a prepared statement whose result changed under it (another instance’s migration) is prepared again, the call answered',
    async () => {
      const url = portal.runtime.database.url!;
      await sql`CREATE TABLE plan_scratch (v int)`.execute(portal.db);
      await sql`GRANT SELECT ON plan_scratch TO portal_customer`.execute(portal.db);
      await sql`INSERT INTO plan_scratch VALUES (1)`.execute(portal.db);
      // Two connections, both of which prepare the statement (two reads at once), as a pool under load.
      const pool = await openPostgres(url, 2);
      const prepared = preparedStatement('portal_write', 'SELECT v, $1::text AS who FROM plan_scratch');
      const read = () => writeInCustomerScope(pool.db, 'ana@example.com', { statement: { prepared, arguments: [quoteLiteral('ana')] } });
      const statements = () =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND query LIKE ${`%EXECUTE ${prepared.name}%`}`.execute(portal.db);
      try {
        expect(await Promise.all([read(), read()])).toEqual([[{ v: 1, who: 'ana' }], [{ v: 1, who: 'ana' }]]);
        expect((await statements()).rows[0]!.n).toBe(2); // both connections ran it
        await sql`ALTER TABLE plan_scratch ALTER COLUMN v TYPE text`.execute(portal.db);
        // Each connection meets the refusal once, prepares the statement again and answers: the first
        // read on the connection it takes (another that still has the old statement waits idle), then
        // two at once, one on each.
        expect(await read()).toEqual([{ v: '1', who: 'ana' }]);
        expect(await Promise.all([read(), read()])).toEqual([[{ v: '1', who: 'ana' }], [{ v: '1', who: 'ana' }]]);
        for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ v: '1', who: 'ana' }]);
      } finally {
        await pool.close();
        await sql`DROP TABLE plan_scratch`.execute(portal.db);
      }
    },
  );
});
