import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../account-limits';
import { endpoint } from '../endpoint';
import { clearableText, customerText } from '../text';

/**
 * Changing the e-mail address (issue 14.6). The new address gets a link (valid 24 hours, usable once,
 * only the latest one works); until it is opened nothing changes and the profile shows the address
 * waiting for confirmation. Opening it moves the account and every record keyed by the old address.
 */
export const pendingEmailSchema = z.object({
  email: z.string(),
  /** ISO time: when the link stops working. */
  expiresAt: z.string(),
});
export type PendingEmail = z.infer<typeof pendingEmailSchema>;

/** GET /api/profile: the customers row of the signed-in e-mail. Missing values are null. */
export const profileSchema = z.object({
  name: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  account_number: z.string().nullable(),
  /** ISO time. */
  created_at: z.string(),
  /** 'E-mail me about updates' / 'Envíame avisos por correo' (on by default). Always sent; optional in the type for older fixtures. */
  emailUpdates: z.boolean().optional(),
  /** A new address waiting for confirmation (see requestEmailChange), or null. Optional in the type for older fixtures. */
  pendingEmail: pendingEmailSchema.nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** 404 'User not found.' when the account has no customers row. */
export const getProfile = endpoint({ method: 'GET', path: '/api/profile', response: profileSchema });

/** The customer's own Full Name (required), Phone and Address, with the limits of registration (contracts/account-limits.ts). */
export const profileEditSchema = z
  .object({
    name: customerText(
      { required: 'Full name is required.', tooLong: `Full name must be at most ${ACCOUNT_LIMITS.name} characters.` },
      ACCOUNT_LIMITS.name,
    ),
    phone: clearableText(ACCOUNT_LIMITS.phone, `Phone must be at most ${ACCOUNT_LIMITS.phone} characters.`),
    address: clearableText(ACCOUNT_LIMITS.address, `Address must be at most ${ACCOUNT_LIMITS.address} characters.`),
  })
  .strict();
export type ProfileEdit = z.input<typeof profileEditSchema>;

/** POST /api/profile: saves them on the customers row (the office's customer page shows the change); answers the profile. */
export const updateProfile = endpoint({ method: 'POST', path: '/api/profile', body: profileEditSchema, response: profileSchema });

export const emailUpdatesSchema = z.object({ emailUpdates: z.boolean() });
export type EmailUpdates = z.infer<typeof emailUpdatesSchema>;

/** Turns the signed-in customer's update e-mails on or off (the Profile's checkbox). */
export const setEmailUpdates = endpoint({
  method: 'POST',
  path: '/api/profile/email-updates',
  body: z.object({ enabled: z.boolean({ error: 'enabled must be true or false.' }) }),
  response: emailUpdatesSchema,
});

/**
 * The one-click opt-out link of every update e-mail, for anyone holding it (no sign-in): GET shows a
 * confirmation page, POST turns update e-mails off (also the List-Unsubscribe-Post one-click of RFC 8058).
 * Answers HTML pages, not JSON: it is opened from a mail client, not called by the web app.
 */
export const emailUpdatesOptOutQuerySchema = z.object({ token: z.string().min(1).max(2000) });
export const emailUpdatesOptOutPage = endpoint({
  method: 'GET',
  path: '/api/email-updates/opt-out',
  query: emailUpdatesOptOutQuerySchema,
  response: z.string(),
});
export const emailUpdatesOptOut = endpoint({
  method: 'POST',
  path: '/api/email-updates/opt-out',
  query: emailUpdatesOptOutQuerySchema,
  response: z.string(),
});

export const emailChangeSchema = z
  .object({
    newEmail: z
      .string({ error: 'Enter a valid e-mail address.' })
      .trim()
      .max(ACCOUNT_LIMITS.email, `The e-mail address must be at most ${ACCOUNT_LIMITS.email} characters.`)
      .pipe(z.email('Enter a valid e-mail address.')),
    password: z
      .string({ error: 'Enter your current password.' })
      .min(1, 'Enter your current password.')
      .max(ACCOUNT_LIMITS.passwordMax, 'The password is not correct.'),
  })
  .strict();
export type EmailChangeInput = z.input<typeof emailChangeSchema>;

/** The errors of requestEmailChange besides validation (400 invalid_request) and 429 too_many_requests. */
export const EMAIL_CHANGE_ERRORS = {
  same_email: 'This is already your e-mail address.',
  wrong_password: 'The password is not correct.',
  no_password: "Your account has no password (it signs in with Google). Set one with 'Forgot password?' on the sign-in page first.",
} as const;

/**
 * POST /api/profile/email: asks to move the account to `newEmail`. Answers the pending change the
 * same way whether or not the address is free (nobody learns which addresses have accounts): a
 * free address gets the confirmation link, one that already has an account gets a notice saying so.
 */
export const requestEmailChange = endpoint({
  method: 'POST',
  path: '/api/profile/email',
  body: emailChangeSchema,
  response: z.object({ pendingEmail: pendingEmailSchema }),
});

/** The link's token (Better Auth's signed token, read from the link in the e-mail). */
export const confirmEmailChangeSchema = z.object({ token: z.string().min(1).max(4000) }).strict();

/** The errors of confirmEmailChange. */
export const EMAIL_CHANGE_CONFIRM_ERRORS = {
  invalid_token: 'This link is invalid, has expired or was already used.',
  email_taken: 'This address now belongs to another account. Your e-mail address was not changed.',
} as const;

/**
 * POST /api/account/confirm-email-change (public, token-gated; the page /confirm-email-change posts
 * it): moves the account. `signedIn` says whether this browser stays signed in (it held a session of
 * this account); every other session has ended.
 */
export const confirmEmailChange = endpoint({
  method: 'POST',
  path: '/api/account/confirm-email-change',
  body: confirmEmailChangeSchema,
  response: z.object({ status: z.literal('changed'), email: z.string(), signedIn: z.boolean() }),
});
