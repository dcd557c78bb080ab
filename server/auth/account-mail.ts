import { sql, type Kysely } from 'kysely';
import { officePages } from '../../contracts/pages';
import { toLocale } from '../../contracts/locale';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/schema';
import type { Logger } from '../platform/logger';
import { enqueueMail } from '../platform/mail/outbox';
import { officeTemplates } from './office/mail';
import { templates } from './mail';
import type { BackgroundTasks } from './background-tasks';
import { isOfficeRole } from './office/roles';

interface MailUser {
  email: string;
  locale?: string | null;
  role?: string | null;
}

/** Where an office account's reset link leads: the office's own page, which posts the token to Better Auth's /reset-password. */
const officeResetLink = (appUrl: string, token: string) =>
  `${appUrl}${officePages.resetPassword.href()}?token=${encodeURIComponent(token)}`;

/** Account e-mails one address receives at most per hour, so nobody can flood someone's inbox. */
export const ACCOUNT_MAILS_PER_HOUR = 10;
const ACCOUNT_KINDS = ['reset-password', 'verify-email', 'sign-in-link'];

/** The e-mails Better Auth asks us to send, queued in the outbox in the customer's language. */
export function accountMail(db: Kysely<Database>, config: Config, logger: Logger, onMailQueued?: () => void, background?: BackgroundTasks) {
  const brand = { companyName: config.company.name };
  const queue = async (kind: string, to: string, mail: { subject: string; text: string }) => {
    const address = to.toLowerCase();
    // Count and insert under a transaction-scoped lock on the recipient (as hourly-limit.ts does):
    // parallel requests count one after another, so they cannot all pass the same count.
    const queued = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account-mail:${address}`}, 0))`.execute(trx);
      const { n } = await trx
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('to_address', '=', address)
        .where('kind', 'in', ACCOUNT_KINDS)
        .where(sql<boolean>`created_at > now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      if (Number(n) >= ACCOUNT_MAILS_PER_HOUR) return false;
      await enqueueMail(trx, { kind, to: address, ...mail });
      return true;
    });
    if (!queued) logger.warn('account e-mail not sent: hourly cap for this recipient reached', { kind, to });
    else onMailQueued?.();
  };
  return {
    /**
     * Not awaited by the request: "Forgot password?" must take as long for an unknown address as for
     * a known one (see also RESET_REQUEST_FLOOR_MS). A failure to queue is logged with its context.
     */
    sendResetPassword: async ({ user, url, token }: { user: MailUser; url: string; token: string }) => {
      // An office account's e-mail names the office and leads to it, not to the customer portal.
      const mail = isOfficeRole(user.role)
        ? officeTemplates.resetPassword(toLocale(user.locale), brand.companyName, officeResetLink(config.appUrl, token))
        : templates.resetPassword(toLocale(user.locale), brand, url);
      const queued = queue('reset-password', user.email, mail).catch((err: unknown) =>
        logger.error('reset e-mail could not be queued', { to: user.email, err }),
      );
      background?.add(queued);
    },
    /** 'Email me a sign-in link' (sign-in-link.ts): not awaited by the request, like a reset e-mail. */
    sendSignInLink: (user: MailUser, url: string) => {
      const queued = queue('sign-in-link', user.email, templates.signInLink(toLocale(user.locale), brand, url)).catch((err: unknown) =>
        logger.error('sign-in link e-mail could not be queued', { to: user.email, err }),
      );
      background?.add(queued);
    },
    sendVerificationEmail: async ({ user, url }: { user: MailUser; url: string }) =>
      queue('verify-email', user.email, templates.verifyEmail(toLocale(user.locale), brand, url)),
  };
}
