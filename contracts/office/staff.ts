import { z } from 'zod';
import { endpoint } from '../endpoint';
import { locales } from '../locale';
import { ACCOUNT_LIMITS } from '../account-limits';
import { officeRoles } from './me';

export { getOfficeMe, officeRoles, type OfficeMe, type OfficeRole } from './me';

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

export const officeMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(officeRoles),
});

export const staffMemberSchema = officeMeSchema.extend({
  suspended: z.boolean(),
  /** False until the account has chosen a password and enrolled its authenticator. */
  setUp: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const inviteResultSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(officeRoles),
  expiresAt: z.iso.datetime(),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

const staffParams = z.object({ id: userIdSchema });

/** The owner's Staff screen: every office account, no customer. Owners only, as are the three below. */
export const listStaffMembers = endpoint({
  method: 'GET',
  path: '/api/office/staff',
  response: z.object({ staff: z.array(staffMemberSchema) }),
});

/** Creates the account and e-mails its set-up link to the invited address (201). */
export const inviteStaffMember = endpoint({
  method: 'POST',
  path: '/api/office/staff/invite',
  body: inviteSchema,
  response: inviteResultSchema,
});

/** Suspends an account and ends every session of it at once. */
export const suspendStaffMember = endpoint({
  method: 'POST',
  path: '/api/office/staff/:id/suspend',
  params: staffParams,
  response: z.object({ id: z.string(), suspended: z.literal(true) }),
});

/** Changes an account's role; takes effect at its next request. */
export const setStaffRole = endpoint({
  method: 'POST',
  path: '/api/office/staff/:id/role',
  params: staffParams,
  body: setRoleSchema,
  response: z.object({ id: z.string(), role: z.enum(officeRoles) }),
});

/** Lifts a suspension; the account signs in again with its password and authenticator. */
export const unsuspendStaffMember = endpoint({
  method: 'POST',
  path: '/api/office/staff/:id/unsuspend',
  params: staffParams,
  response: z.object({ id: z.string(), suspended: z.literal(false) }),
});

/**
 * Lost authenticator (or a set-up link that expired): ends the account's sessions, turns its
 * two-factor off until set-up is finished again, and e-mails a fresh one-time set-up link (24 hours).
 */
export const resendStaffSetup = endpoint({
  method: 'POST',
  path: '/api/office/staff/:id/setup-link',
  params: staffParams,
  response: inviteResultSchema,
});
