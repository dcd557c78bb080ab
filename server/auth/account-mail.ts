import type { Kysely } from 'kysely';
import { toLocale } from '../../contracts/locale';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import { enqueueMail } from '../platform/mail/outbox';
import { templates } from '../platform/mail/templates';

interface MailUser {
  email: string;
  locale?: string | null;
}

/** The e-mails Better Auth asks us to send, queued in the outbox in the customer's language. */
export function accountMail(db: Kysely<Database>, config: Config, onMailQueued?: () => void) {
  const brand = { companyName: config.company.name };
  const queue = async (kind: string, to: string, mail: { subject: string; text: string }) => {
    await enqueueMail(db, { kind, to, ...mail });
    onMailQueued?.();
  };
  return {
    sendResetPassword: async ({ user, url }: { user: MailUser; url: string }) =>
      queue('reset-password', user.email, templates.resetPassword(toLocale(user.locale), brand, url)),
    sendVerificationEmail: async ({ user, url }: { user: MailUser; url: string }) =>
      queue('verify-email', user.email, templates.verifyEmail(toLocale(user.locale), brand, url)),
  };
}
