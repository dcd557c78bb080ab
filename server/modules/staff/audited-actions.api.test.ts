import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { createOfficeAccount } from '../../../tests/support/office';

/**
 * An owner's action on an account and its audit row are kept or lost together
 * (server/auth/office/audited.ts): a database trigger made by the test breaks one half, and the
 * other half must not be there afterwards.
 */
let portal: TestPortal;
let owner: Awaited<ReturnType<typeof createOfficeAccount>>;
let staff: Awaited<ReturnType<typeof createOfficeAccount>>;

beforeAll(async () => {
  portal = await createTestPortal();
  owner = await createOfficeAccount(portal, 'boss@company.example', 'owner');
  staff = await createOfficeAccount(portal, 'sam@company.example', 'staff');
  await sql`CREATE FUNCTION test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`.execute(
    portal.db,
  );
});
afterAll(() => portal?.close());
afterEach(async () => {
  await sql`DROP TRIGGER IF EXISTS test_refuse_user ON "user"`.execute(portal.db);
  await sql`DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log`.execute(portal.db);
});

/** Better Auth's write to this account fails. */
const failAccountWrites = async (email: string) => {
  await sql`DROP TRIGGER IF EXISTS test_refuse_user ON "user"`.execute(portal.db);
  await sql`CREATE TRIGGER test_refuse_user BEFORE INSERT OR UPDATE ON "user" FOR EACH ROW WHEN (NEW.email = ${sql.lit(email)})
      EXECUTE FUNCTION test_refuse()`.execute(portal.db);
};
/** The audit insert of this action fails (after Better Auth's call succeeded). */
const failAudit = async (action: string) => {
  await sql`DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log`.execute(portal.db);
  await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = ${sql.lit(action)})
      EXECUTE FUNCTION test_refuse()`.execute(portal.db);
};

const post = (path: string, body: unknown = {}) => portal.request(`/api/office/staff${path}`, { body, cookie: owner.cookie });
const auditCount = async (action: string) =>
  (await portal.db.selectFrom('audit_log').select('id').where('action', '=', action).where('entity_id', '=', staff.userId).execute())
    .length;
const account = () =>
  portal.db.selectFrom('user').select(['role', 'banned', 'twoFactorEnabled']).where('id', '=', staff.userId).executeTakeFirstOrThrow();
const signedIn = async () => (await portal.request('/api/office/me', { cookie: staff.cookie })).status === 200;

describe('an owner’s action and its audit row', () => {
  it('a failing Better Auth call (suspend, role, unsuspend, new set-up link) writes no audit row', async () => {
    await failAccountWrites(staff.email);
    expect((await post(`/${staff.userId}/suspend`)).status).toBe(500);
    expect((await post(`/${staff.userId}/role`, { role: 'owner' })).status).toBe(500);
    expect((await post(`/${staff.userId}/setup-link`)).status).toBe(500);
    expect(await auditCount('suspend')).toBe(0);
    expect(await auditCount('set-role')).toBe(0);
    expect(await auditCount('setup-link')).toBe(0);
    expect(await account()).toEqual({ role: 'staff', banned: false, twoFactorEnabled: true });
    // The new set-up link's session ending was undone with the rest.
    expect(await signedIn()).toBe(true);
    const unusedLinks = portal.db.selectFrom('office_setup_tokens').select('user_id').where('user_id', '=', staff.userId);
    expect(await unusedLinks.where('used_at', 'is', null).execute()).toEqual([]);

    await sql`DROP TRIGGER test_refuse_user ON "user"`.execute(portal.db);
    await portal.db.updateTable('user').set({ banned: true }).where('id', '=', staff.userId).execute();
    await failAccountWrites(staff.email);
    expect((await post(`/${staff.userId}/unsuspend`)).status).toBe(500);
    expect(await auditCount('unsuspend')).toBe(0);
    expect((await account()).banned).toBe(true);
    await sql`DROP TRIGGER test_refuse_user ON "user"`.execute(portal.db);
    await portal.db.updateTable('user').set({ banned: false }).where('id', '=', staff.userId).execute();
  });

  it('a failing audit insert undoes the suspension: the account is not suspended and its session goes on', async () => {
    expect(await signedIn()).toBe(true);
    await failAudit('suspend');
    expect((await post(`/${staff.userId}/suspend`)).status).toBe(500);
    expect((await account()).banned).toBe(false);
    expect(await signedIn()).toBe(true);

    await failAudit('set-role');
    expect((await post(`/${staff.userId}/role`, { role: 'owner' })).status).toBe(500);
    expect((await account()).role).toBe('staff');
  });

  it('a failing invitation leaves no account, no link, no e-mail and no audit row', async () => {
    const email = 'never@company.example';
    await failAccountWrites(email);
    expect((await post('/invite', { email, role: 'staff' })).status).toBe(500);
    await sql`DROP TRIGGER test_refuse_user ON "user"`.execute(portal.db);
    await failAudit('invite');
    expect((await post('/invite', { email, role: 'staff' })).status).toBe(500);

    expect(await portal.db.selectFrom('user').select('id').where('email', '=', email).execute()).toEqual([]);
    expect(await portal.db.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute()).toEqual([]);
    const rows = await portal.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'invite')
      .where(sql`after->>'email'`, '=', email)
      .execute();
    expect(rows).toEqual([]);

    await sql`DROP TRIGGER test_refuse_audit ON audit_log`.execute(portal.db);
    expect((await post('/invite', { email, role: 'staff' })).status).toBe(201);
  });
});
