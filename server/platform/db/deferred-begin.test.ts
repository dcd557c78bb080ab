import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { deferBegin, deferrable, deferrableSelectList, resetDeferredBegin } from './deferred-begin';

/** The customer scope's settings as customer-scope.ts holds them. */
const CUSTOMER_SETTINGS = "set_config('portal.email', 'a@example.com', true), set_config('role', 'portal_customer', true)";
/** The customer scope's settings held back (its transactions' statements with parameters are named, decision 288). */
const CUSTOMER_SETTINGS_HELD = deferrable(`SELECT ${CUSTOMER_SETTINGS}`);

/** A client that records each message and answers one result per statement (an array for several, as pg does). */
function recordingClient(fail?: RegExp | ((text: string) => Error | undefined)) {
  const sent: { text: string; values: unknown[]; name?: string }[] = [];
  const client = {
    query: (textOrQuery: string | { name: string; text: string; values: unknown[] }, values?: unknown[]) => {
      const { text, name } = typeof textOrQuery === 'string' ? { text: textOrQuery, name: undefined } : textOrQuery;
      sent.push({ text, values: (typeof textOrQuery === 'string' ? values : textOrQuery.values) ?? [], ...(name && { name }) });
      const error = typeof fail === 'function' ? fail(text) : fail?.test(text) ? new Error('refused') : undefined;
      if (error) return Promise.reject(error);
      const results = text.split(';\n').map((statement) => ({ command: statement.trim().split(' ')[0], rows: [{ statement }] }));
      return Promise.resolve(results.length > 1 ? results : results[0]);
    },
  } as unknown as pg.PoolClient;
  deferBegin(client);
  return { client, sent };
}

describe('deferBegin', () => {
  it('sends BEGIN, the deferrable statements and the first statement read in ONE message, and the deferred rest with COMMIT', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin');
    const settings = await client.query(deferrable("SELECT set_config('role', 'portal_customer', true)"));
    await client.query(deferrable('SELECT pg_advisory_xact_lock(42)'));
    expect(settings.rows).toEqual([]);
    expect(sent).toEqual([]);
    const insert = await client.query("INSERT INTO t VALUES ('a') RETURNING id");
    // The caller is answered by its own statement, the last of the message.
    expect(insert.rows).toEqual([{ statement: "INSERT INTO t VALUES ('a') RETURNING id" }]);
    await client.query(deferrable("INSERT INTO mail_outbox VALUES ('m')"));
    await client.query('commit');
    expect(sent.map((s) => s.text)).toEqual([
      [
        'begin',
        deferrable("SELECT set_config('role', 'portal_customer', true)"),
        deferrable('SELECT pg_advisory_xact_lock(42)'),
        "INSERT INTO t VALUES ('a') RETURNING id",
      ].join(';\n'),
      [deferrable("INSERT INTO mail_outbox VALUES ('m')"), 'commit'].join(';\n'),
    ]);
  });

  it('joins bare select lists held one after the other into one statement, and nothing else', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin');
    await client.query(deferrableSelectList("set_config('role', 'portal_customer', true)"));
    await client.query(deferrableSelectList('pg_advisory_xact_lock(42)'));
    await client.query(deferrable("INSERT INTO mail_outbox VALUES ('m')"));
    await client.query(deferrableSelectList('pg_advisory_xact_lock(43)'));
    await client.query("INSERT INTO t VALUES ('a') RETURNING id");
    await client.query('commit');
    expect(sent.map((s) => s.text)).toEqual([
      [
        'begin',
        deferrableSelectList("set_config('role', 'portal_customer', true), pg_advisory_xact_lock(42)"),
        deferrable("INSERT INTO mail_outbox VALUES ('m')"),
        deferrableSelectList('pg_advisory_xact_lock(43)'),
        "INSERT INTO t VALUES ('a') RETURNING id",
      ].join(';\n'),
      'commit',
    ]);
  });

  it('writes what waits as one message together with a statement with parameters, which keeps them (pipeline mode, decision 290)', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin');
    await client.query(deferrable('SELECT 1'));
    const read = client.query('SELECT $1::int', [2]);
    // Both are written before either is answered: one round trip.
    expect(sent.map((s) => s.text)).toEqual([`begin;\n${deferrable('SELECT 1')}`, 'SELECT $1::int']);
    await read;
    await client.query('commit');
    expect(sent).toEqual([
      { text: `begin;\n${deferrable('SELECT 1')}`, values: [] },
      { text: 'SELECT $1::int', values: [2] },
      { text: 'commit', values: [] },
    ]);
  });

  it('drops what waits on ROLLBACK and sends nothing for a transaction that ran nothing', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin');
    await client.query(deferrable('SELECT 1'));
    await client.query('rollback');
    await client.query('begin');
    await client.query('commit');
    expect(sent).toEqual([]);
    await client.query('begin');
    await client.query('SELECT 2');
    await client.query(deferrable('SELECT 3'));
    await client.query('rollback');
    expect(sent.map((s) => s.text)).toEqual(['begin;\nSELECT 2', 'rollback']);
  });

  it('runs a deferrable statement at once outside a transaction, and one with parameters at once', async () => {
    const { client, sent } = recordingClient();
    await client.query(deferrable('SELECT 1'));
    await client.query('begin');
    await client.query(deferrable('SELECT $1::int'), [1]);
    expect(sent.map((s) => s.text)).toEqual([deferrable('SELECT 1'), 'begin', deferrable('SELECT $1::int')]);
  });

  it('fails a statement with parameters with the error of the held ones written with it, not with its own', async () => {
    const { client, sent } = recordingClient((text) =>
      text.includes('lock') ? new Error('refused') : text.startsWith('SELECT $1') ? new Error('current transaction is aborted') : undefined,
    );
    await client.query('begin');
    await client.query(deferrable('SELECT lock()'));
    await expect(client.query('SELECT $1::int', [1])).rejects.toThrow('refused');
    expect(sent.map((s) => s.text)).toEqual([`begin;\n${deferrable('SELECT lock()')}`, 'SELECT $1::int']);
  });

  it('leaves no unhandled rejection when the statement is refused before the held ones are answered (a lost connection)', async () => {
    const client = {
      query: (text: string | { text: string }) =>
        typeof text === 'string'
          ? new Promise((resolve) => setTimeout(() => resolve([{ rows: [] }]), 20))
          : Promise.reject(new Error('Client has encountered a connection error and is not queryable')),
    } as unknown as pg.PoolClient;
    deferBegin(client);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      await client.query('begin');
      await client.query(CUSTOMER_SETTINGS_HELD);
      await expect(client.query('SELECT $1::int', [1])).rejects.toThrow('not queryable');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });

  it("fails the statement a deferred one travelled with when the message fails, and the client's next user starts clean", async () => {
    const { client, sent } = recordingClient(/lock/);
    await client.query('begin');
    await client.query(deferrable('SELECT lock()'));
    await expect(client.query('SELECT 1')).rejects.toThrow('refused');
    await client.query('rollback');
    await client.query('begin');
    await client.query(deferrable('SELECT 2'));
    resetDeferredBegin(client); // released to the pool mid-way
    await client.query('SELECT 3');
    expect(sent.map((s) => s.text)).toEqual([`begin;\n${deferrable('SELECT lock()')};\nSELECT 1`, 'rollback', 'SELECT 3']);
  });

  it("prepares a statement with parameters in the customer's scope once per connection, under a name of its text (decision 288)", async () => {
    const { client, sent } = recordingClient();
    for (const id of [1, 2]) {
      await client.query('begin');
      await client.query(deferrableSelectList(CUSTOMER_SETTINGS));
      await client.query('SELECT * FROM quotes WHERE id = $1', [id]);
      await client.query('commit');
    }
    await client.query('SELECT * FROM quotes WHERE id = $1', [3]); // outside a transaction: unnamed
    await client.query('begin'); // another scope's transaction (the office's): unnamed
    await client.query(deferrableSelectList("set_config('role', 'portal_office', true)"));
    await client.query('SELECT * FROM quotes WHERE id = $1', [4]);
    await client.query('commit');
    const named = sent.filter((s) => s.text === 'SELECT * FROM quotes WHERE id = $1');
    expect(named.map((s) => s.values)).toEqual([[1], [2], [3], [4]]);
    expect(named[0]!.name).toMatch(/^portal_[0-9a-f]{24}_0$/);
    expect(named[1]!.name).toBe(named[0]!.name);
    expect(named[2]!.name).toBeUndefined();
    expect(named[3]!.name).toBeUndefined();
  });

  it('prepares a statement again under a new name after its result changed under the server', async () => {
    let changedOnce = false;
    const { client, sent } = recordingClient((text) => {
      if (changedOnce || !text.includes('quotes')) return undefined;
      changedOnce = true;
      return Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
    });
    await client.query('begin');
    await client.query(deferrableSelectList(CUSTOMER_SETTINGS));
    await expect(client.query('SELECT * FROM quotes WHERE id = $1', [1])).rejects.toThrow('cached plan');
    await client.query('rollback');
    await client.query('begin');
    await client.query(deferrableSelectList(CUSTOMER_SETTINGS));
    await client.query('SELECT * FROM quotes WHERE id = $1', [1]);
    await client.query('commit');
    const names = sent.filter((s) => s.name).map((s) => s.name!);
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/_0$/);
    expect(names[1]).toBe(names[0]!.replace(/_0$/, '_1'));
  });
});
