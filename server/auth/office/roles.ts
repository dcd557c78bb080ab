import { createAccessControl } from 'better-auth/plugins/access';
import { defaultStatements } from 'better-auth/plugins/admin/access';
import { CUSTOMER_ROLE, officeRoles, type OfficeRole } from '../../../contracts/office/staff';

export { CUSTOMER_ROLE, officeRoles, type OfficeRole };

/** An office account (owner or staff); anything else, including no role at all, is a customer. */
export const isOfficeRole = (role: unknown): role is OfficeRole =>
  typeof role === 'string' && (officeRoles as readonly string[]).includes(role);

/**
 * Better Auth's admin permissions per role. Only an owner manages accounts, and only in the ways
 * the office offers (create, list, change role, suspend); nobody may impersonate, delete accounts,
 * or set another account's password or e-mail. Staff and customers hold no admin permission.
 */
export const accessControl = createAccessControl(defaultStatements);

export const accessRoles = {
  owner: accessControl.newRole({ user: ['create', 'list', 'get', 'set-role', 'ban'], session: ['list', 'revoke'] }),
  staff: accessControl.newRole({ user: [], session: [] }),
  [CUSTOMER_ROLE]: accessControl.newRole({ user: [], session: [] }),
};
