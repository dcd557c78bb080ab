import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withOfficeScope } from '../../platform/db/office-scope';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { audit } from '../../platform/audit';

/**
 * Issue 21, item 10: the audit log's protection is out of the application's reach, and the office's
 * database role writes rows only in the name of the person the server signed in for the transaction.
 * Runs on the embedded database and on PostgreSQL (api-postgres).
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

const asOffice = (actor: string, query: ReturnType<typeof sql>) => withOfficeScope(portal.db, actor, (trx) => query.execute(trx));

describe('audit_log protection', () => {
  it('belongs to a role nobody logs in as, which neither the connecting role nor portal_office is a member of', async () => {
    const { rows } = await sql<{ owner: string; canLogin: boolean; members: string[] }>`
      SELECT c.relowner::regrole::text AS owner, r.rolcanlogin AS "canLogin",
             ARRAY(SELECT m.member::regrole::text FROM pg_auth_members m WHERE m.roleid = c.relowner) AS members
      FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
      WHERE c.oid = 'audit_log'::regclass`.execute(portal.db);
    expect(rows[0]).toMatchObject({ owner: 'portal_audit_owner', canLogin: false });
    expect(rows[0]!.members).not.toContain('portal_office');
    const { rows: me } = await sql<{ me: string }>`SELECT current_user AS me`.execute(portal.db);
    expect(rows[0]!.members).not.toContain(me[0]!.me);
  });

  it('portal_office cannot alter, drop, disable its triggers, update or delete it', async () => {
    await audit(portal.db, { actor: 'boss@company.example', action: 'invite', entity: 'user', entityId: 'p1' });
    const refused = /must be owner|permission denied|append-only/;
    for (const statement of [
      sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`,
      sql`DROP TRIGGER audit_log_no_change ON audit_log`,
      sql`ALTER TABLE audit_log DISABLE ROW LEVEL SECURITY`,
      sql`DROP POLICY audit_log_office_write ON audit_log`,
      sql`DROP TABLE audit_log`,
      sql`UPDATE audit_log SET actor_email = 'boss@company.example' WHERE entity_id = 'p1'`,
      sql`DELETE FROM audit_log WHERE entity_id = 'p1'`,
      sql`TRUNCATE audit_log`,
    ]) {
      await expect(asOffice('boss@company.example', statement), statement.compile(portal.db).sql).rejects.toThrow(refused);
    }
    const rows = await portal.db.selectFrom('audit_log').select('actor_email').where('entity_id', '=', 'p1').execute();
    expect(rows).toEqual([{ actor_email: 'boss@company.example' }]);
  });

  it('portal_office writes rows only in the name of the signed-in person', async () => {
    const forged = (actor: string | null) =>
      withOfficeScope(portal.db, 'sam@company.example', (trx) => audit(trx, { actor, action: 'suspend', entity: 'user', entityId: 'p2' }));
    await expect(forged('boss@company.example')).rejects.toThrow(/row-level security/);
    await expect(forged(null)).rejects.toThrow(/row-level security/);
    await forged('Sam@Company.example');
    const rows = await portal.db.selectFrom('audit_log').select('actor_email').where('entity_id', '=', 'p2').execute();
    expect(rows).toEqual([{ actor_email: 'Sam@Company.example' }]);
  });

  it('the server’s own connection still appends and reads (command line, sign-in)', async () => {
    await audit(portal.db, { actor: 'command-line', action: 'invite', entity: 'user', entityId: 'p3' });
    const read = await withOfficeScope(portal.db, 'sam@company.example', (trx) =>
      trx.selectFrom('audit_log').select('actor_email').where('entity_id', '=', 'p3').execute(),
    );
    expect(read).toEqual([{ actor_email: 'command-line' }]);
  });
});
