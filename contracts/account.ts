import { z } from 'zod';
import { locales } from './locale';
import { ACCOUNT_LIMITS } from './account-limits';
import { endpoint } from './endpoint';
import { customerText } from './text';

/** POST /api/auth/sign-up/email: every field required (spec), with lengths and types checked. */
export const registerSchema = z.object({
  name: customerText(
    { required: 'Full name is required.', tooLong: `Full name must be at most ${ACCOUNT_LIMITS.name} characters.` },
    ACCOUNT_LIMITS.name,
  ),
  phone: customerText(
    { required: 'Phone number is required.', tooLong: `Phone number must be at most ${ACCOUNT_LIMITS.phone} characters.` },
    ACCOUNT_LIMITS.phone,
  ),
  address: customerText(
    { required: 'Address is required.', tooLong: `Address must be at most ${ACCOUNT_LIMITS.address} characters.` },
    ACCOUNT_LIMITS.address,
  ),
  email: z.email('Enter a valid e-mail address.').max(ACCOUNT_LIMITS.email),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.passwordMax),
  locale: z.enum(locales).optional(),
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/auth/update-user: the portal lets a customer change only the language of its e-mails. */
export const updateUserSchema = z.object({ locale: z.enum(locales) }).strict();

/** POST /api/account/confirm-email: the reader of the inbox chooses the password while confirming. */
export const confirmEmailSchema = z.object({
  token: z.string().min(1).max(4000),
  password: z.string().min(ACCOUNT_LIMITS.passwordMin).max(ACCOUNT_LIMITS.passwordMax),
});
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;
export const confirmEmail = endpoint({
  method: 'POST',
  path: '/api/account/confirm-email',
  body: confirmEmailSchema,
  response: z.object({ status: z.literal('confirmed') }),
});
