import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../account-limits';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { locales } from '../locale';
import { customerText } from '../text';

/**
 * Several people on one account (contract-spec §4; decisions 244-247): the owner invites another
 * person by e-mail with a role; each signs in on their own and reads the account's records.
 * 'Can approve and pay' / 'Puede aprobar y pagar' acts as the owner does except on the account's own
 * details (profile, e-mail, people); 'View only' / 'Solo ver' sees everything and acts on nothing.
 */
export const personRoles = ['approve_and_pay', 'view_only'] as const;
export const personRoleSchema = z.enum(personRoles);
export type PersonRole = 'owner' | (typeof personRoles)[number];

export const personSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** Their name once they joined; null while invited. */
  name: z.string().nullable(),
  role: personRoleSchema,
  /** ISO times. */
  invitedAt: z.string(),
  joinedAt: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

export const peopleSchema = z.object({
  /** The signed-in person: their own e-mail and role on this account. */
  you: z.object({ email: z.string(), role: z.enum(['owner', ...personRoles]) }),
  /** The account's e-mail (its owner's sign-in). */
  accountEmail: z.string(),
  people: z.array(personSchema),
});
export type People = z.infer<typeof peopleSchema>;

/** GET /api/people: the account's people, for everyone on the account. */
export const listPeople = endpoint({ method: 'GET', path: '/api/people', response: peopleSchema });

export const invitePersonSchema = z
  .object({
    email: z
      .string({ error: 'Enter a valid e-mail address.' })
      .trim()
      .max(ACCOUNT_LIMITS.email, `The e-mail address must be at most ${ACCOUNT_LIMITS.email} characters.`)
      .pipe(z.email('Enter a valid e-mail address.')),
    role: personRoleSchema,
    /** The invitation e-mail's language. */
    locale: z.enum(locales),
  })
  .strict();
export type InvitePersonInput = z.input<typeof invitePersonSchema>;

/** POST /api/people (the owner only): e-mails a one-time link; answers the account's people. */
export const invitePerson = endpoint({ method: 'POST', path: '/api/people', body: invitePersonSchema, response: peopleSchema });

/** POST /api/people/:id/remove (the owner only): the person loses access at once; answers the account's people. */
export const removePerson = endpoint({ method: 'POST', path: '/api/people/:id/remove', params: idParams, response: peopleSchema });

/** POST /api/people/leave (a person, not the owner): leaves the account; their sign-in ends. */
export const leaveAccount = endpoint({ method: 'POST', path: '/api/people/leave', response: z.object({ left: z.literal(true) }) });

/**
 * The invitation's link, /join-account?token=… (server/auth/account-people/plugin.ts): Better Auth
 * endpoints of our own plugin (its origin check and rate limits; refusals with upper-case codes
 * INVITATION_INVALID 410, ACCOUNT_EXISTS 409, PASSWORD_TOO_COMMON 400). Public, token-gated.
 */
const token = z.string().min(1).max(200);
export const personInvitationLookupSchema = z.object({ token });

export const personInvitationViewSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('open'),
    email: z.string(),
    /** Whose account: the owner's name (or e-mail). */
    accountName: z.string(),
    role: personRoleSchema,
    locale: z.enum(locales),
  }),
  z.object({ state: z.literal('invalid') }),
  /** The address has a portal account of its own: it cannot join another (decision 246). */
  z.object({ state: z.literal('account_exists') }),
]);
export type PersonInvitationView = z.infer<typeof personInvitationViewSchema>;

export const lookUpPersonInvitation = endpoint({
  method: 'POST',
  path: '/api/auth/account-person/view',
  body: personInvitationLookupSchema,
  response: personInvitationViewSchema,
});

export const joinAccountSchema = z.object({
  token,
  name: customerText(
    { required: 'Full name is required.', tooLong: `Full name must be at most ${ACCOUNT_LIMITS.name} characters.` },
    ACCOUNT_LIMITS.name,
  ),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.passwordMax),
  locale: z.enum(locales),
});
export type JoinAccountInput = z.input<typeof joinAccountSchema>;

/** Makes the person's sign-in (the address is confirmed by the link), joins them to the account, signs in. */
export const joinAccount = endpoint({
  method: 'POST',
  path: '/api/auth/account-person/accept',
  body: joinAccountSchema,
  response: z.object({ next: z.string() }),
});
