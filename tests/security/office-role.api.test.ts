import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOfficeScope } from '../../server/platform/db/office-scope';
import { createTestPortal, type TestPortal } from '../support/harness';

/**
 * The office's database role (migration 014), on the embedded database and on PostgreSQL: what an
 * office route's queries may and may not do, whatever the code asks.
 */
let portal: TestPortal;
const asOffice = (statement: ReturnType<typeof sql>) =>
  withOfficeScope(portal.db, 'clerk@company.example', (trx) => statement.execute(trx));
const PERMISSION_DENIED = /permission denied|must be owner|insufficient|append-only/i;

beforeAll(async () => {
  portal = await createTestPortal();
  await portal.signUp('rita@example.com');
  await sql`INSERT INTO audit_log (actor_email, action, entity) VALUES ('someone@company.example', 'test', 'user')`.execute(portal.db);
});
afterAll(() => portal?.close());

describe('the office database role portal_office', () => {
  it('runs as portal_office with the actor set, and sees every customer (not only one, as a customer would)', async () => {
    const who = await asOffice(sql`SELECT current_user AS role, current_setting('portal.actor') AS actor`);
    expect(who.rows[0]).toEqual({ role: 'portal_office', actor: 'clerk@company.example' });
    await sql`INSERT INTO customers (name, email) VALUES ('Second', 'second@example.com')`.execute(portal.db);
    const seen = await asOffice(sql`SELECT count(*)::int AS n FROM customers`);
    expect(seen.rows[0]).toEqual({ n: 2 });
  });

  it('appends to and reads audit_log, but cannot change or delete a row', async () => {
    await asOffice(sql`INSERT INTO audit_log (actor_email, action, entity) VALUES ('clerk@company.example', 'edit', 'customer')`);
    const rows = await asOffice(sql`SELECT action FROM audit_log ORDER BY id`);
    expect(rows.rows).toEqual([{ action: 'test' }, { action: 'edit' }]);
    await expect(asOffice(sql`UPDATE audit_log SET action = 'forged'`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`DELETE FROM audit_log`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`TRUNCATE audit_log`)).rejects.toThrow(PERMISSION_DENIED);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE action = 'forged'`.execute(portal.db);
    expect(after.rows[0]!.n).toBe(0);
  });

  it("cannot read Better Auth's secrets: sessions, passwords, tokens, authenticator secrets", async () => {
    for (const table of ['session', 'account', 'verification', 'twoFactor', 'rateLimit']) {
      await expect(asOffice(sql`SELECT * FROM ${sql.table(table)} LIMIT 1`), table).rejects.toThrow(PERMISSION_DENIED);
    }
    // Of "user", only the columns the office shows; not the whole row.
    const user = await asOffice(sql`SELECT email, "emailVerified", role FROM "user"`);
    expect(user.rows).toHaveLength(1);
    await expect(asOffice(sql`SELECT * FROM "user"`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`UPDATE "user" SET role = 'owner'`)).rejects.toThrow(PERMISSION_DENIED);
  });

  it('cannot drop or alter anything, nor change what is not a profile field', async () => {
    await expect(asOffice(sql`DROP TABLE customers`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`ALTER TABLE customers ADD COLUMN x text`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`DROP TRIGGER audit_log_no_change ON audit_log`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`UPDATE customers SET email = 'taken@example.com'`)).rejects.toThrow(PERMISSION_DENIED);
    await expect(asOffice(sql`DELETE FROM customers`)).rejects.toThrow(PERMISSION_DENIED);
  });
});
