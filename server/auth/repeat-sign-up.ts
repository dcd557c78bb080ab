import { signJWT } from 'better-auth/crypto';
import type { Kysely } from 'kysely';
import { registerSchema } from '../../contracts/account';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';

interface ExistingUser {
  id: string;
  email: string;
  emailVerified: boolean;
}

interface RepeatSignUpDeps {
  db: Kysely<Database>;
  secret: string;
  appUrl: string;
  logger: Logger;
  sendVerificationEmail: (data: { user: { email: string; locale?: string | null }; url: string }) => Promise<void>;
}

const CONFIRMATION_LINK_SECONDS = 24 * 3600;

/**
 * A sign-up for an address that already has an account. Better Auth answers it like a new sign-up
 * (no one learns whether the address is registered) and calls this once the request has passed all
 * its checks. Nothing is deleted and the password is not changed: an unconfirmed registration gets
 * the latest sign-up's details and a fresh confirmation link; opened outside the browser that chose
 * the password, that link asks its reader to choose one (server/auth/registration-proof.ts), so the
 * owner of the inbox gets in and whoever registered the address first does not.
 */
export function repeatSignUp({ db, secret, appUrl, logger, sendVerificationEmail }: RepeatSignUpDeps) {
  return async ({ user }: { user: ExistingUser }, request?: Request) => {
    if (user.emailVerified) {
      logger.info('sign-up for an address with a confirmed account: nothing changed', { userId: user.id });
      return;
    }
    const body = request ? await request.json().catch(() => undefined) : undefined;
    const details = registerSchema.safeParse(body);
    let locale: string | null | undefined;
    if (details.success) {
      const { name, phone, address } = details.data;
      locale = details.data.locale;
      await db
        .updateTable('user')
        .set({ name, phone, address, ...(locale ? { locale } : {}) })
        .where('id', '=', user.id)
        .where('emailVerified', '=', false)
        .execute();
    }
    const token = await signJWT({ email: user.email.toLowerCase(), userId: user.id }, secret, CONFIRMATION_LINK_SECONDS);
    const url = `${new URL('/api/auth/verify-email', appUrl).href}?token=${token}&callbackURL=%2F`;
    const current = await db.selectFrom('user').select('locale').where('id', '=', user.id).executeTakeFirst();
    await sendVerificationEmail({ user: { email: user.email, locale: locale ?? current?.locale }, url });
    logger.info('repeat sign-up for an unconfirmed address: new confirmation link sent', { userId: user.id });
  };
}
