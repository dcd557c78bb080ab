import { sql } from 'kysely';
import { toLocale } from '../../../contracts/locale';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { enqueueMail } from '../../platform/mail/outbox';
import { customerQuoteMail, type CustomerQuoteMail } from '../../platform/mail/quote-templates';
import { dayText } from './company-day';

const KINDS: Record<CustomerQuoteMail, string> = { sent: 'quote-sent', newVersion: 'quote-new-version', reminder: 'quote-reminder' };

/** The customer's page of a quote, linked from every e-mail about it. */
export const customerQuoteUrl = (config: Pick<Config, 'appUrl'>, quoteId: number) => `${config.appUrl}/quotes/${quoteId}`;
export const officeQuoteUrl = (config: Pick<Config, 'appUrl'>, quoteId: number) => `${config.appUrl}/office/quotes/${quoteId}`;

/**
 * Queues an e-mail about the quote's current version to its customer, in the language of their
 * account (English when they have none yet). Pass the transaction that made the change.
 */
export async function queueCustomerQuoteMail(db: Db, config: Pick<Config, 'appUrl' | 'company'>, kind: CustomerQuoteMail, quoteId: number) {
  const quote = await db
    .selectFrom('quotes')
    .select(['id', 'email', 'description', 'total', 'current_version', dayText('valid_until').as('valid_until')])
    .where('id', '=', quoteId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('user')
    .select('locale')
    .where(sql<boolean>`lower(email) = lower(${quote.email})`)
    .executeTakeFirst();
  const mail = customerQuoteMail(kind, toLocale(user?.locale), {
    company: config.company.name,
    quoteId: Number(quote.id),
    description: quote.description ?? '',
    version: quote.current_version ?? 1,
    total: quote.total,
    validUntil: quote.valid_until,
    url: customerQuoteUrl(config, Number(quote.id)),
  });
  return enqueueMail(db, { kind: KINDS[kind], to: quote.email.toLowerCase(), ...mail });
}
