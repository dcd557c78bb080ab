import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { testDatabaseKind } from '../../../tests/support/database';
import { withCustomerScope } from './customer-scope';
import { deferrable } from './deferred-begin';

/**
 * Plans kept per connection on PostgreSQL (deferred-begin.ts, decision 288): a statement with
 * parameters run in the customer's scope is prepared on its connection once, under a name of its
 * text, and every later run binds to it; the office's are not (its search's plan depends on the
 * words). The embedded database has no connection pool nor such names.
 */
const onPostgres = testDatabaseKind() === 'postgres';
let portal: TestPortal;
beforeAll(async () => {
  if (onPostgres) portal = await createTestPortal();
});
afterAll(() => portal?.close());

describe.runIf(onPostgres)("statements run in the customer's scope on PostgreSQL", () => {
  it('are prepared once on their connection and run again from there', async () => {
    const prepared = await withCustomerScope(portal.db, 'nobody@example.com', async (trx) => {
      for (const id of [1, 2, 3]) await trx.selectFrom('quotes').select('id').where('id', '=', id).execute();
      const { rows } = await sql<{ name: string; runs: number }>`
        SELECT name, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
         WHERE statement = 'select "id" from "quotes" where "id" = $1'`.execute(trx);
      return rows;
    });
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^portal_[0-9a-f]{24}_0$/);
    expect(prepared[0]!.runs).toBe(3);
  });

  it('answer as before, refusals included: a failed statement leaves the connection usable', async () => {
    await expect(
      portal.db.transaction().execute(async (trx) => {
        await trx.selectFrom('quotes').select('id').where('id', '=', 1).execute();
        await trx
          .insertInto('quotes')
          .values({ email: 'x@example.com', description: 'd', total: 'not a number', status: 'Draft' })
          .execute();
      }),
    ).rejects.toThrow(/invalid input syntax/);
    const rows = await withCustomerScope(portal.db, 'nobody@example.com', (trx) =>
      trx.selectFrom('quotes').select('id').where('id', '=', -1).execute(),
    );
    expect(rows).toEqual([]);
  });

  it('travel with the statements held before them in one round trip; a held one that fails is the error, and the connection goes on (decision 290)', async () => {
    await expect(
      withCustomerScope(portal.db, 'nobody@example.com', async (trx) => {
        await sql.raw(deferrable('SELECT 1 / 0')).execute(trx);
        await trx.selectFrom('quotes').select('id').where('id', '=', 1).execute();
      }),
    ).rejects.toThrow(/division by zero/);
    // The same statement again (the pool hands the same connection back): prepared anew, answered.
    const again = await withCustomerScope(portal.db, 'nobody@example.com', (trx) =>
      trx.selectFrom('quotes').select('id').where('id', '=', 1).execute(),
    );
    expect(again).toEqual([]);
    // Held ones that succeed: each statement's own answer, in order, on the same connection.
    const answers = await withCustomerScope(portal.db, 'nobody@example.com', async (trx) => {
      const seen: number[] = [];
      for (const n of [1, 2, 3]) {
        await sql.raw(deferrable(`SELECT set_config('portal.bench_note', '${n}', true)`)).execute(trx);
        const { rows } = await sql<{
          n: number;
          note: string;
        }>`SELECT ${n}::int AS n, current_setting('portal.bench_note') AS note`.execute(trx);
        seen.push(rows[0]!.n, Number(rows[0]!.note));
      }
      return seen;
    });
    expect(answers).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
