import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCustomerScope } from '../../platform/db/customer-scope';
import { createTestPortal, type TestPortal } from '../../../tests/support/harness';
import { audit } from '../../platform/audit';

let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(() => portal?.close());

describe('audit_log', () => {
  it('keeps who, what, which record, before and after, and the address', async () => {
    await audit(portal.db, {
      actor: 'boss@company.example',
      action: 'set-role',
      entity: 'user',
      entityId: 'u1',
      before: { role: 'staff' },
      after: { role: 'owner' },
      ip: '203.0.113.9',
    });
    const row = await portal.db.selectFrom('audit_log').selectAll().where('entity_id', '=', 'u1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_email: 'boss@company.example',
      action: 'set-role',
      entity: 'user',
      before: { role: 'staff' },
      after: { role: 'owner' },
      ip: '203.0.113.9',
    });
    expect(Date.now() - new Date(row.at).getTime()).toBeLessThan(60_000);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, even from the application’s own connection', async () => {
    await audit(portal.db, { actor: 'x@company.example', action: 'invite', entity: 'user', entityId: 'u2' });
    await expect(sql`UPDATE audit_log SET actor_email = 'someone-else' WHERE entity_id = 'u2'`.execute(portal.db)).rejects.toThrow(
      /append-only|permission denied/,
    );
    await expect(sql`DELETE FROM audit_log WHERE entity_id = 'u2'`.execute(portal.db)).rejects.toThrow(/append-only|permission denied/);
    await expect(sql`TRUNCATE audit_log`.execute(portal.db)).rejects.toThrow(/append-only|permission denied/);
    const row = await portal.db.selectFrom('audit_log').select('actor_email').where('entity_id', '=', 'u2').executeTakeFirstOrThrow();
    expect(row.actor_email).toBe('x@company.example');
  });

  it('is out of a customer’s reach', async () => {
    await expect(withCustomerScope(portal.db, 'ana@example.com', (trx) => sql`SELECT * FROM audit_log`.execute(trx))).rejects.toThrow(
      /permission denied/,
    );
  });
});
