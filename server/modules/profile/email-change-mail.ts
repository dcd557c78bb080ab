import { createHash } from 'node:crypto';
import { customerPages } from '../../../contracts/pages';
import { verifyJWT } from 'better-auth/crypto';
import { sql, type Kysely } from 'kysely';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { emailChangeTemplates } from './mail';
import { enqueueMail } from '../../platform/mail/outbox';

/** How long a change link works: as long as Better Auth's token (emailVerification.expiresIn in server/auth/auth.ts). */
export const EMAIL_CHANGE_LINK_SECONDS = 24 * 3600;

/** Account e-mails one address receives at most per hour, whoever asks (as server/auth/account-mail.ts). */
const MAILS_PER_HOUR = 10;
const CAPPED_KINDS = ['verify-email', 'reset-password', 'email-change', 'email-in-use'];

/** What Better Auth's /change-email signs into its token (better-auth/dist/api/routes/update-user.mjs). */
export interface EmailChangeToken {
  /** The account's address when the change was asked for. */
  email: string;
  /** The new address. */
  updateTo: string;
  userId: string;
}

/** The change a genuine, unexpired token of Better Auth's change-email flow names; undefined for anything else. */
export async function readEmailChangeToken(token: string, secret: string): Promise<EmailChangeToken | undefined> {
  const payload = await verifyJWT<Partial<EmailChangeToken> & { requestType?: unknown }>(token, secret);
  if (payload?.requestType !== 'change-email-verification') return undefined;
  const { email, updateTo, userId } = payload;
  if (typeof email !== 'string' || typeof updateTo !== 'string' || typeof userId !== 'string') return undefined;
  return { email: email.toLowerCase(), updateTo: updateTo.toLowerCase(), userId };
}

/** Only this is stored of a link's token: enough to recognise it, useless to anyone who reads the table. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const emailChangeUrl = (appUrl: string, token: string) =>
  `${appUrl}${customerPages.confirmEmailChange.href()}?token=${encodeURIComponent(token)}`;

/** A database handle or a transaction (a Transaction is a Kysely). */
type Db = Kysely<Database>;

/** The e-mails of an address change, queued in the outbox (in the caller's transaction) in the account's language. */
export function emailChangeMail(config: Config, logger: Logger) {
  const company = { companyName: config.company.name, companyEmail: config.company.email };

  /** Queues one e-mail unless the address has had its hourly share of account e-mails; false when held back. */
  const queue = async (db: Db, kind: string, to: string, mail: { subject: string; text: string }) => {
    const { n } = await db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_address', '=', to)
      .where('kind', 'in', CAPPED_KINDS)
      .where(sql<boolean>`created_at > now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAILS_PER_HOUR) {
      logger.warn('account e-mail not sent: hourly cap for this recipient reached', { kind, to });
      return false;
    }
    await enqueueMail(db, { kind, to, ...mail });
    return true;
  };

  const localeOf = async (db: Db, userId: string) =>
    toLocale((await db.selectFrom('user').select('locale').where('id', '=', userId).executeTakeFirst())?.locale);

  return {
    /**
     * The new address's link, for Better Auth's change-email flow (called as its sendVerificationEmail):
     * the pending change is recorded with the token's hash, replacing any earlier one (whose link stops
     * working), in the transaction that queues the e-mail.
     */
    async sendLink(db: Kysely<Database>, change: EmailChangeToken, token: string) {
      await db.transaction().execute(async (trx) => {
        const expiresAt = new Date(Date.now() + EMAIL_CHANGE_LINK_SECONDS * 1000);
        await trx
          .insertInto('email_changes')
          .values({ user_id: change.userId, new_email: change.updateTo, token_hash: tokenHash(token), expires_at: expiresAt })
          .onConflict((oc) =>
            oc
              .column('user_id')
              .doUpdateSet({ new_email: change.updateTo, token_hash: tokenHash(token), requested_at: sql`now()`, expires_at: expiresAt }),
          )
          .execute();
        const locale = await localeOf(trx, change.userId);
        await queue(trx, 'email-change', change.updateTo, emailChangeTemplates.link(locale, company, emailChangeUrl(config.appUrl, token)));
      });
      logger.info('e-mail change asked: link sent to the new address', { userId: change.userId });
    },

    /** To an address that already has an account: nothing changed (the requester's answer does not say so). */
    async sendInUse(db: Db, userId: string, to: string) {
      await queue(db, 'email-in-use', to, emailChangeTemplates.inUse(await localeOf(db, userId), company));
    },

    /** To the old address once the change is made: always sent (no hourly cap), it is how a hijack is noticed. */
    async sendChanged(db: Db, userId: string, oldEmail: string, newEmail: string) {
      const mail = emailChangeTemplates.changed(await localeOf(db, userId), company, newEmail);
      await enqueueMail(db, { kind: 'email-changed', to: oldEmail, ...mail });
    },
  };
}
export type EmailChangeMail = ReturnType<typeof emailChangeMail>;
