import { profileHooks } from '../../profile-hooks';
import fc from 'fast-check';
import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshTestDatabase } from '../../../tests/support/database';
import { runTemplate } from '../../../tests/support/harness';
import { formatCents, lineTotal, parseCents, quoteTotals, type PricedLine } from '../../../domain/money';
import { customerMayMove, effectiveStatus, isFrozenQuote, quoteStatuses } from '../../../domain/quotes/statuses';
import { authOptions } from '../../auth/auth';
import { loadConfig } from '../config';
import { createLogger } from '../logger';
import type { DatabaseHandle } from './connection';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

/**
 * The rules written in both languages, run through both on many cases: the TypeScript of domain/
 * and the functions the database enforces them with (server/platform/db/sql/). A change to either
 * that the other does not follow fails here.
 */
let handle: DatabaseHandle;
const HASH = 'a'.repeat(64);
const OWNER = 'parity@example.com';

beforeAll(async () => {
  handle = await freshTestDatabase(runTemplate());
  const config = loadConfig({ NODE_ENV: 'test', AUTH_SECRET: 'x'.repeat(32) });
  await migrateToLatest(handle.db, (db) =>
    authOptions(db, {
      config,
      secret: 'x'.repeat(32),
      logger: createLogger('silent'),
      profile: profileHooks(config, createLogger('silent'), 'x'.repeat(32)),
    }),
  );
});
afterAll(() => handle?.close());

class Rollback extends Error {}
/** Runs `work` in a transaction that is always rolled back, so each case starts from the same database. */
async function rolledBack<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  let result!: T;
  await handle.db
    .transaction()
    .execute(async (trx) => {
      result = await work(trx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result;
}

/** Whether a statement succeeds, inside a savepoint so the transaction goes on either way. */
async function succeeds(trx: Transaction<Database>, statement: ReturnType<typeof sql>): Promise<boolean> {
  await sql`SAVEPOINT attempt`.execute(trx);
  try {
    await statement.execute(trx);
    await sql`RELEASE SAVEPOINT attempt`.execute(trx);
    return true;
  } catch {
    await sql`ROLLBACK TO SAVEPOINT attempt`.execute(trx);
    return false;
  }
}

const newQuote = async (trx: Transaction<Database>, status: string) =>
  Number(
    (
      await sql<{
        id: number;
      }>`INSERT INTO quotes (email, description, status) VALUES (${OWNER}, 'Parity', ${status}) RETURNING id`.execute(trx)
    ).rows[0]!.id,
  );

describe('a customer’s status moves (statuses.ts customerMayMove = quote_document_guard)', () => {
  it('agree for every pair of statuses, and one the spec does not know', async () => {
    const statuses = [...quoteStatuses, 'Pending'];
    const pairs = statuses.flatMap((from) => statuses.filter((to) => to !== from).map((to) => ({ from, to })));
    const database: boolean[] = [];
    for (const { from, to } of pairs) {
      database.push(
        await rolledBack(async (trx) => {
          const id = await newQuote(trx, from);
          // As the customer's requests run: their role, their e-mail (customer-scope.ts).
          await sql`SELECT set_config('portal.email', ${OWNER}, true), set_config('role', 'portal_customer', true)`.execute(trx);
          if (!(await succeeds(trx, sql`UPDATE quotes SET status = ${to} WHERE id = ${id}`))) return false;
          // Refused without an error when the row is not theirs to see (a Draft).
          return (await sql<{ status: string }>`SELECT status FROM quotes WHERE id = ${id}`.execute(trx)).rows[0]?.status === to;
        }),
      );
    }
    expect(pairs.map((p, i) => ({ ...p, moves: database[i] }))).toEqual(pairs.map((p) => ({ ...p, moves: customerMayMove(p.from, p.to) })));
    // The rule is not empty: a Sent quote can be approved, an Approved one cannot be declined.
    expect(customerMayMove('Sent', 'Approved') && !customerMayMove('Approved', 'Declined')).toBe(true);
  });
});

describe('the freeze (statuses.ts isFrozenQuote = quote_version_guard, quote_line_guard)', () => {
  it('agrees for every status: a frozen quote takes no new version and no line', async () => {
    for (const status of [...quoteStatuses, 'Pending']) {
      const [version, line] = await rolledBack(async (trx) => {
        const id = await newQuote(trx, status);
        const version = await succeeds(trx, sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 1)`);
        // A line needs a version: one made before the quote took its status.
        await sql`UPDATE quotes SET status = 'Draft' WHERE id = ${id}`.execute(trx);
        await succeeds(trx, sql`INSERT INTO quote_versions (quote_id, version) VALUES (${id}, 1)`);
        await sql`UPDATE quotes SET status = ${status} WHERE id = ${id}`.execute(trx);
        const line = await succeeds(
          trx,
          sql`INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total)
              VALUES (${id}, 1, 1, 'k', 'Line', 1, 1, 1)`,
        );
        return [version, line];
      });
      expect({ status, version, line }).toEqual({ status, version: !isFrozenQuote(status), line: !isFrozenQuote(status) });
    }
  });
});

const decimal = (maxUnits: number, places: number, min = 0) =>
  fc.integer({ min, max: maxUnits }).map((units) => {
    const text = String(units).padStart(places + 1, '0');
    return `${text.slice(0, -places)}.${text.slice(-places)}`;
  });
const pricedLine = fc.record({ quantity: decimal(999_999, 2, 1), unitPrice: decimal(999_999, 2), optional: fc.boolean() });

describe('the totals (money.ts quoteTotals = the CHECKs of quote_versions and quote_approval_guard)', () => {
  it('agree on many random quotes: the sent figures are stored, the approved total is the only one taken', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pricedLine, { minLength: 1, maxLength: 6 }),
        decimal(100_000, 3),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        async (lines: PricedLine[], taxRate, picks) => {
          const chosen = (i: number) => lines[i]!.optional && picks[i]!;
          const sent = quoteTotals(lines, taxRate);
          const approved = quoteTotals(lines, taxRate, chosen);
          const result = await rolledBack(async (trx) => {
            const id = await newQuote(trx, 'Draft');
            await sql`INSERT INTO quote_versions (quote_id, version, subtotal, tax_rate, tax, total)
                      VALUES (${id}, 1, ${sent.subtotal}, ${taxRate}, ${sent.tax}, ${sent.total})`.execute(trx);
            const ids: number[] = [];
            for (const [i, l] of lines.entries()) {
              const row = await sql<{ id: number }>`
                INSERT INTO quote_line_items (quote_id, version, position, line_key, description, quantity, unit_price, line_total, optional)
                VALUES (${id}, 1, ${i + 1}, ${`k${i}`}, 'Line', ${l.quantity}, ${l.unitPrice}, ${lineTotal(l.quantity, l.unitPrice)}, ${l.optional})
                RETURNING id`.execute(trx);
              ids.push(Number(row.rows[0]!.id));
            }
            const isSent = await succeeds(
              trx,
              sql`UPDATE quote_versions SET sent_at = now(), content_hash = ${HASH}, valid_until = '2030-01-01' WHERE quote_id = ${id}`,
            );
            const picked = `{${ids.filter((_, i) => chosen(i)).join(',')}}`;
            const approval = (total: string) =>
              sql`INSERT INTO quote_approvals (quote_id, version, decision, signer_name, optional_item_ids, total, content_hash)
                  VALUES (${id}, 1, 'Approved', 'Pat', ${picked}, ${total}, ${HASH})`;
            const centOff = formatCents(parseCents(approved.total) + 1n);
            return {
              isSent,
              wrongTaken: await succeeds(trx, approval(centOff)),
              rightTaken: await succeeds(trx, approval(approved.total)),
            };
          });
          expect(result).toEqual({ isSent: true, wrongTaken: false, rightTaken: true });
        },
      ),
      { numRuns: 25 },
    );
  });
});

const day = fc.integer({ min: 0, max: 60 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));
const anyStatus = fc.constantFrom(...quoteStatuses, 'Pending');

describe('expiry (statuses.ts effectiveStatus = quote_listed_status)', () => {
  it('agrees on many random statuses and days', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ status: anyStatus, validUntil: fc.option(day), today: day }), { minLength: 50, maxLength: 50 }),
        async (cases) => {
          const values = sql.join(cases.map((c) => sql`(${c.status}::text, ${c.validUntil}::date, ${c.today}::date)`));
          const { rows } = await sql<{ listed: string }>`
          SELECT quote_listed_status(c.status, c.valid_until, c.today) AS listed FROM (VALUES ${values}) AS c(status, valid_until, today)`.execute(
            handle.db,
          );
          expect(rows.map((r) => r.listed)).toEqual(cases.map((c) => effectiveStatus(c.status, c.validUntil, c.today)));
        },
      ),
      { numRuns: 20 },
    );
  });
});
