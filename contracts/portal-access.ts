import { z } from 'zod';
import { ACCOUNT_LIMITS } from './account-limits';
import { endpoint } from './endpoint';
import { locales } from './locale';
import { customerText } from './text';

/**
 * A portal invitation's link (issue 26.1, server/auth/portal-invitation/plugin.ts): Better Auth
 * endpoints of our own plugin (its origin check and rate limits; its refusals carry Better Auth's
 * upper-case codes INVITATION_INVALID, ACCOUNT_EXISTS, PASSWORD_TOO_COMMON). Public, token-gated.
 * 'Set up your portal access' reads what the office knows of the customer, then sets the account up.
 */
const token = z.string().min(1).max(200);

export const invitationLookupSchema = z.object({ token });

/** What the set-up page shows: the office's record (open), or why the link no longer works. */
export const invitationViewSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    locale: z.enum(locales),
    /** Where the customer lands once set up: the invitation's quote, or the dashboard. */
    next: z.string(),
  }),
  z.object({ state: z.literal('invalid') }),
  /** The address has an account now: it signs in, then lands on `next`. */
  z.object({ state: z.literal('account_exists'), next: z.string() }),
]);
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const lookUpInvitation = endpoint({
  method: 'POST',
  path: '/api/auth/portal-invitation/view',
  body: invitationLookupSchema,
  response: invitationViewSchema,
});

export const acceptInvitationSchema = z.object({
  token,
  name: customerText(
    { required: 'Full name is required.', tooLong: `Full name must be at most ${ACCOUNT_LIMITS.name} characters.` },
    ACCOUNT_LIMITS.name,
  ),
  phone: customerText(
    { required: 'Phone number is required.', tooLong: `Phone number must be at most ${ACCOUNT_LIMITS.phone} characters.` },
    ACCOUNT_LIMITS.phone,
  ),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.passwordMax),
  locale: z.enum(locales),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

/** Sets the account up with the chosen password (the address is confirmed by the link) and signs in: a session cookie. */
export const acceptInvitation = endpoint({
  method: 'POST',
  path: '/api/auth/portal-invitation/accept',
  body: acceptInvitationSchema,
  response: z.object({ next: z.string() }),
});
