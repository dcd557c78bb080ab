import { APIError, type createAuthMiddleware } from 'better-auth/api';
import type { z } from 'zod';
import { registerSchema, updateUserSchema } from '../../contracts/account';
import type { Logger } from '../platform/logger';

function check<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const message = result.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join(' ');
  throw new APIError('BAD_REQUEST', { code: 'INVALID_INPUT', message });
}

/**
 * Our rules on Better Auth's account endpoints, run before them:
 * - sign-up fields are checked with the same schema as the register form (types and lengths);
 * - a sign-up for an e-mail whose earlier registration was never confirmed replaces it, so whoever
 *   registered someone else's address first cannot keep its owner out, nor choose their password;
 * - update-user may change only the e-mail language (the spec has no profile editing).
 */
type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function accountRules(logger: Logger) {
  return async (ctx: HookContext) => {
    if (ctx.path === '/sign-up/email') {
      const input = check(registerSchema, ctx.body);
      const existing = await ctx.context.internalAdapter.findUserByEmail(input.email.toLowerCase());
      if (existing && !existing.user.emailVerified) {
        logger.info('replacing an unconfirmed registration', { email: existing.user.email });
        await ctx.context.internalAdapter.deleteUser(existing.user.id);
      }
      return { context: { body: { ...(ctx.body as object), ...input } } };
    }
    if (ctx.path === '/update-user') check(updateUserSchema, ctx.body);
  };
}
