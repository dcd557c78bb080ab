import { sql } from 'kysely';
import { toLocale, type Locale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox';
import { optOutToken, optOutUrl } from './email-updates';

/**
 * The one policy of update e-mails (a quote sent or reminded, a work order's status, visit or note):
 * they go to a customer with a portal account (a customers row: the e-mail links to their page) whose
 * 'E-mail me about updates' is on, in the account's language (the one they last used in the portal),
 * each with the one-click way to stop them: a link in the text and the List-Unsubscribe headers.
 */
export interface UpdateRecipient {
  customerId: number;
  /** Lower-case. */
  email: string;
  locale: Locale;
  /** The signed link whose page turns update e-mails off (and the target of List-Unsubscribe). */
  optOutUrl: string;
}

export interface UpdateMailDeps {
  config: Pick<Config, 'appUrl'>;
  /** Signs the opt-out link (AUTH_SECRET). */
  secret: string;
}

/**
 * Whom an update e-mail about a record owned by `ownerEmail` goes to, or undefined (no account, or
 * updates off). Read as the server: the customer's role cannot read the account's locale.
 */
export async function updateRecipient(db: Db, deps: UpdateMailDeps, ownerEmail: string): Promise<UpdateRecipient | undefined> {
  const row = await db
    .selectFrom('customers as c')
    .leftJoin('user as u', (join) => join.on(sql`lower(u.email)`, '=', sql`lower(c.email)`))
    .select(['c.id', 'c.email', 'c.email_updates', 'u.locale'])
    .where(sql<boolean>`lower(c.email) = lower(${ownerEmail})`)
    .executeTakeFirst();
  if (!row || !row.email_updates) return undefined;
  const customerId = Number(row.id);
  return {
    customerId,
    email: row.email.toLowerCase(),
    locale: toLocale(row.locale),
    optOutUrl: optOutUrl(deps.config.appUrl, await optOutToken(deps.secret, customerId)),
  };
}

/** Queues an update e-mail to its recipient, in the caller's transaction, with the one-click opt-out headers. */
export async function queueUpdateMail(db: Db, recipient: UpdateRecipient, mail: Omit<OutgoingMail, 'to' | 'headers'>): Promise<void> {
  await enqueueMail(db, {
    ...mail,
    to: recipient.email,
    // RFC 8058 one-click: mail apps show an unsubscribe button that POSTs here.
    headers: { 'List-Unsubscribe': `<${recipient.optOutUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}
