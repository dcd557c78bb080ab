import { z } from 'zod';
import { ACCOUNT_LIMITS } from '../account-limits';
import { endpoint } from '../endpoint';
import { customerText } from '../text';

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
});
export type Profile = z.infer<typeof profileSchema>;

/** 404 'User not found.' when the account has no customers row. */
export const getProfile = endpoint({ method: 'GET', path: '/api/profile', response: profileSchema });

/** Optional text the customer may clear: trimmed, at most `max` characters, empty is null (shown as a dash). */
const clearableText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((s) => (s === '' ? null : s))
    .nullable();

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
