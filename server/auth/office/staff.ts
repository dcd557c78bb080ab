import { sql, type Kysely, type Transaction } from 'kysely';
import type { OfficeRole, StaffMember } from '../../../contracts/office/staff';
import { audit } from '../../platform/audit';
import { withOfficeScope } from '../../platform/db/office-scope';
import type { Database } from '../../platform/db/schema';
import { OfficeAccountError } from './errors';
import type { Auth } from '../auth';
import { auditedAuthAction } from './audited';
import { officeApi } from './plugins';
import { isOfficeRole, officeRoles } from './roles';
import { withdrawSetupTokensSentBy } from './setup-tokens';
import { forgetOfficeSessions } from './session-cache';

/** The signed-in owner acting, with the request headers Better Auth checks the owner's permissions from. */
export interface OwnerAction {
  userId: string;
  email: string;
  headers: Headers;
  ip: string;
}

/**
 * Every office account, owners first, for the owner's Staff screen. Read as the office's database
 * role (withOfficeScope), which may see just these columns of "user".
 */
export async function listStaff(db: Kysely<Database>, actorEmail: string): Promise<StaffMember[]> {
  const rows = await withOfficeScope(db, actorEmail, (trx) =>
    trx
      .selectFrom('user')
      .select(['id', 'email', 'name', 'role', 'banned', 'twoFactorEnabled'])
      .where('role', 'in', [...officeRoles])
      .orderBy(sql`role = 'owner'`, 'desc')
      .orderBy('email')
      .execute(),
  );
  return rows.flatMap((r) =>
    isOfficeRole(r.role)
      ? [{ id: r.id, email: r.email, name: r.name, role: r.role, suspended: r.banned === true, setUp: r.twoFactorEnabled === true }]
      : [],
  );
}

/** The office account an owner names: not a customer, and not the owner's own (no one locks themselves out). */
async function otherOfficeAccount(db: Kysely<Database>, id: string, by: OwnerAction) {
  const target = await db.selectFrom('user').select(['id', 'email', 'role', 'banned']).where('id', '=', id).executeTakeFirst();
  if (!target || !isOfficeRole(target.role)) throw new OfficeAccountError('not_found', 'There is no office account with this id.');
  if (target.id === by.userId) throw new OfficeAccountError('own_account', 'You cannot do this to your own account.');
  return { ...target, role: target.role };
}

/**
 * Ends the unused set-up links `inviter` sent, one audit row each, in the caller's transaction: an
 * invitation must not outlive its sender's right to invite (a suspended or demoted owner).
 */
async function withdrawInvitationsOf(
  trx: Transaction<Database>,
  inviter: { email: string },
  reason: 'suspended' | 'demoted',
  by: OwnerAction,
): Promise<void> {
  for (const link of await withdrawSetupTokensSentBy(trx, inviter.email)) {
    await audit(trx, {
      actor: by.email,
      action: 'withdraw-invitation',
      entity: 'user',
      entityId: link.userId,
      before: { invitedBy: inviter.email, linkExpiresAt: link.expiresAt.toISOString() },
      after: { withdrawn: true, reason },
      ip: by.ip,
    });
  }
}

/**
 * Suspends an office account with Better Auth's ban, which also deletes every session of the
 * account at once; sessions live in the database, so every server instance sees it on the next request.
 * The invitations the account sent and nobody used yet end with it.
 */
export async function suspendStaff(auth: Auth, db: Kysely<Database>, id: string, by: OwnerAction): Promise<void> {
  const target = await otherOfficeAccount(db, id, by);
  // Better Auth's change and its audit row in one transaction (audited.ts).
  await auditedAuthAction(auth, db, async (trx) => {
    await officeApi(auth).banUser({ headers: by.headers, body: { userId: id, banReason: `Suspended by ${by.email}` } });
    await withdrawInvitationsOf(trx, target, 'suspended', by);
    await audit(trx, {
      actor: by.email,
      action: 'suspend',
      entity: 'user',
      entityId: id,
      before: { suspended: target.banned === true },
      after: { suspended: true },
      ip: by.ip,
    });
  });
  forgetOfficeSessions(auth, id);
}

/** Makes an office account an owner or a staff member (never a customer: an address stays what it is). */
export async function changeStaffRole(auth: Auth, db: Kysely<Database>, id: string, role: OfficeRole, by: OwnerAction): Promise<void> {
  const target = await otherOfficeAccount(db, id, by);
  // Better Auth's change and its audit row in one transaction (audited.ts).
  await auditedAuthAction(auth, db, async (trx) => {
    await officeApi(auth).setRole({ headers: by.headers, body: { userId: id, role } });
    if (target.role === 'owner' && role !== 'owner') await withdrawInvitationsOf(trx, target, 'demoted', by);
    await audit(trx, {
      actor: by.email,
      action: 'set-role',
      entity: 'user',
      entityId: id,
      before: { role: target.role },
      after: { role },
      ip: by.ip,
    });
  });
  forgetOfficeSessions(auth, id);
}

/** Lifts a suspension (Better Auth's unban); the account signs in again with its password and authenticator. */
export async function unsuspendStaff(auth: Auth, db: Kysely<Database>, id: string, by: OwnerAction): Promise<void> {
  const target = await otherOfficeAccount(db, id, by);
  // Better Auth's change and its audit row in one transaction (audited.ts).
  await auditedAuthAction(auth, db, async (trx) => {
    await officeApi(auth).unbanUser({ headers: by.headers, body: { userId: id } });
    await audit(trx, {
      actor: by.email,
      action: 'unsuspend',
      entity: 'user',
      entityId: id,
      before: { suspended: target.banned === true },
      after: { suspended: false },
      ip: by.ip,
    });
  });
  forgetOfficeSessions(auth, id);
}
