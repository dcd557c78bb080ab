import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ACCOUNT_LIMITS } from '../account-limits';

/** The set-up link's token: 32 random bytes, base64url. */
const token = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This set-up link is not valid.');
const password = z
  .string()
  .min(ACCOUNT_LIMITS.passwordMin, `The password needs at least ${ACCOUNT_LIMITS.passwordMin} characters.`)
  .max(ACCOUNT_LIMITS.passwordMax, `The password may have at most ${ACCOUNT_LIMITS.passwordMax} characters.`);

/** POST /api/office/setup/check: is the link still good, and for whom. */
export const setupCheckSchema = z.object({ token }).strict();

/** POST /api/office/setup/password: step 1, choose the password; answers the authenticator enrolment. */
export const setupPasswordSchema = z.object({ token, password }).strict();

/**
 * POST /api/office/setup/finish: step 2, the first authenticator code. The password comes again:
 * Better Auth enrols a second factor only for a signed-in account, and signing in needs it.
 */
export const setupFinishSchema = z
  .object({
    token,
    password,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'That code is not valid.'),
  })
  .strict();

export const setupAccountSchema = z.object({ email: z.string(), name: z.string(), role: z.string() });
export type SetupAccount = z.infer<typeof setupAccountSchema>;

export const totpEnrolmentSchema = z.object({
  /** otpauth://totp/... for the QR code. */
  totpUri: z.string(),
  /** The same secret as text (base32), for typing into an authenticator app. */
  secret: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const setupFinishedSchema = z.object({
  /** Ten single-use backup codes, shown once. */
  backupCodes: z.array(z.string()),
});
export type SetupFinished = z.infer<typeof setupFinishedSchema>;

/**
 * The set-up of an invited office account: public, but each call needs the invitation's one-time
 * token (in a POST body, so it stays out of URLs and logs).
 */
export const checkOfficeSetup = endpoint({
  method: 'POST',
  path: '/api/office/setup/check',
  body: setupCheckSchema,
  response: setupAccountSchema,
});

export const chooseOfficePassword = endpoint({
  method: 'POST',
  path: '/api/office/setup/password',
  body: setupPasswordSchema,
  response: totpEnrolmentSchema,
});

export const finishOfficeSetup = endpoint({
  method: 'POST',
  path: '/api/office/setup/finish',
  body: setupFinishSchema,
  response: setupFinishedSchema,
});
