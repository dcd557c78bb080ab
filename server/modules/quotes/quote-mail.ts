import { sql } from 'kysely';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { enqueueMail } from '../../platform/mail/outbox';
import { customerQuoteMail, type CustomerQuoteMail } from './mail';
import { optOutToken, optOutUrl } from '../profile/email-updates';
import { dayText } from './company-day';

const KINDS: Record<CustomerQuoteMail, string> = { sent: 'quote-sent', newVersion: 'quote-new-version', reminder: 'quote-reminder' };

export interface QuoteMailDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
  /** Signs the one-click opt-out link (AUTH_SECRET). */
  secret: string;
}

/** The customer's page of a quote, linked from every e-mail about it. */
export const customerQuoteUrl = (config: Pick<Config, 'appUrl'>, quoteId: number) => `${config.appUrl}/quotes/${quoteId}`;
export const officeQuoteUrl = (config: Pick<Config, 'appUrl'>, quoteId: number) => `${config.appUrl}/office/quotes/${quoteId}`;

/**
 * Queues an update e-mail about the quote's current version (sent, new version, reminder) to its
 * customer, as every update e-mail goes (modules/work-orders/update-mail.ts): to a customer with a
 * portal account (a customers row) whose 'E-mail me about updates' is on, in the account's language,
 * with the one-click opt-out (link and List-Unsubscribe headers). Pass the transaction that made the
 * change. Answers whether one was queued.
 */
export async function queueCustomerQuoteMail(db: Db, deps: QuoteMailDeps, kind: CustomerQuoteMail, quoteId: number): Promise<boolean> {
  const { config } = deps;
  const quote = await db
    .selectFrom('quotes')
    .select(['id', 'email', 'description', 'total', 'current_version', dayText('valid_until').as('valid_until')])
    .where('id', '=', quoteId)
    .executeTakeFirstOrThrow();
  const recipient = await db
    .selectFrom('customers as c')
    .leftJoin('user as u', (join) => join.on(sql`lower(u.email)`, '=', sql`lower(c.email)`))
    .select(['c.id', 'c.email', 'c.email_updates', 'u.locale'])
    .where(sql<boolean>`lower(c.email) = lower(${quote.email})`)
    .executeTakeFirst();
  if (!recipient || !recipient.email_updates) return false;
  const optOut = optOutUrl(config.appUrl, await optOutToken(deps.secret, Number(recipient.id)));
  const mail = customerQuoteMail(kind, toLocale(recipient.locale), {
    company: config.company.name,
    quoteId: Number(quote.id),
    description: quote.description ?? '',
    version: quote.current_version ?? 1,
    total: quote.total,
    validUntil: quote.valid_until,
    url: customerQuoteUrl(config, Number(quote.id)),
    optOutUrl: optOut,
  });
  await enqueueMail(db, {
    kind: KINDS[kind],
    to: recipient.email.toLowerCase(),
    ...mail,
    // RFC 8058 one-click: mail apps show an unsubscribe button that POSTs here.
    headers: { 'List-Unsubscribe': `<${optOut}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
  return true;
}
