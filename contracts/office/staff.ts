import { z } from 'zod';
import { locales } from '../locale';
import { ACCOUNT_LIMITS } from '../account-limits';

/** The office's roles: `owner` does everything and manages staff; `staff` works the records. */
export const officeRoles = ['owner', 'staff'] as const;
export type OfficeRole = (typeof officeRoles)[number];

/** The role every customer account carries (Better Auth admin plugin's default role). */
export const CUSTOMER_ROLE = 'customer';

/** Better Auth user ids: random letters and digits (a path parameter is checked before any query). */
export const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown account.');

/** POST /api/office/staff/invite, and `npm run office -- invite`. */
export const inviteSchema = z.object({
  email: z.email('Enter a valid e-mail address.').max(ACCOUNT_LIMITS.email),
  role: z.enum(officeRoles, 'The role must be owner or staff.'),
  name: z.string().trim().min(1).max(ACCOUNT_LIMITS.name).optional(),
  /** Language of the invitation e-mail and of the account's later e-mails. */
  locale: z.enum(locales).default('en'),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** POST /api/office/staff/:id/role */
export const setRoleSchema = z.object({ role: z.enum(officeRoles, 'The role must be owner or staff.') }).strict();

export interface OfficeMe {
  id: string;
  email: string;
  name: string;
  role: OfficeRole;
}

export interface StaffMember extends OfficeMe {
  suspended: boolean;
  /** False until the account has chosen a password and enrolled its authenticator. */
  setUp: boolean;
}

export interface InviteResult {
  id: string;
  email: string;
  role: OfficeRole;
  expiresAt: string;
}
