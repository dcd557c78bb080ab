import { APIError, type createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import { registerSchema, updateUserSchema } from '../../contracts/account';
import { COMMON_PASSWORD, isCommonPassword } from './password-policy';

function check<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join(' ');
  throw new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message });
}

/**
 * Our rules on Better Auth's account endpoints, run before them. They only check: nothing is written
 * here, because Better Auth may still refuse the request afterwards (origin, input, rate limit).
 * - sign-up fields are checked with the same schema as the register form (types and lengths);
 * - a new password (sign-up, reset, change from the Profile) may not be one of the most common ones;
 * - update-user may change only the e-mail language (the spec has no profile editing).
 * A repeat sign-up for an address is handled by Better Auth's onExistingUserSignUp (auth.ts).
 */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

function refuseCommon(password: unknown) {
  if (typeof password === 'string' && isCommonPassword(password)) throw new APIError('BAD_REQUEST', { ...COMMON_PASSWORD });
}

export function accountRules() {
  return (ctx: HookContext) => {
    if (ctx.path === '/sign-up/email') {
      const input = check(registerSchema, ctx.body);
      refuseCommon(input.password);
      return { context: { body: { ...(ctx.body as object), ...input } } };
    }
    if (ctx.path === '/reset-password' || ctx.path === '/change-password') {
      refuseCommon((ctx.body as { newPassword?: unknown } | undefined)?.newPassword);
    }
    if (ctx.path === '/update-user') check(updateUserSchema, ctx.body);
    return undefined;
  };
}
