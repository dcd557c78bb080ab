import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import { queueUpdateMail, updateRecipient } from '../profile/update-mail-policy';
import { customerQuoteMail, customerQuoteUrl, type CustomerQuoteMail } from './mail';
import { dayText } from './company-day';
import { quoteInvitation } from '../invitations/quote-invitation';

const KINDS: Record<CustomerQuoteMail, string> = { sent: 'quote-sent', newVersion: 'quote-new-version', reminder: 'quote-reminder' };

export interface QuoteMailDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
  /** Signs the one-click opt-out link (AUTH_SECRET). */
  secret: string;
}

/**
 * Queues an update e-mail about the quote's current version (sent, new version, reminder) to its
 * customer, as every update e-mail goes (modules/profile/update-mail-policy.ts). Pass the transaction that made the
 * change. Answers whether one was queued.
 */
export async function queueCustomerQuoteMail(db: Db, deps: QuoteMailDeps, kind: CustomerQuoteMail, quoteId: number): Promise<boolean> {
  const { config } = deps;
  const quote = await db
    .selectFrom('quotes')
    .select(['id', 'email', 'description', 'total', 'current_version', dayText('valid_until').as('valid_until')])
    .where('id', '=', quoteId)
    .executeTakeFirstOrThrow();
  const recipient = await updateRecipient(db, deps, quote.email);
  if (!recipient) return false;
  // A customer the office added, with no portal account yet: the link is their invitation (issue 26.1).
  const invitation = await quoteInvitation(db, config.appUrl, { email: quote.email, quoteId: Number(quote.id), locale: recipient.locale });
  const url = invitation?.url ?? customerQuoteUrl(config.appUrl, Number(quote.id));
  const mail = customerQuoteMail(kind, recipient.locale, {
    company: config.company.name,
    quoteId: Number(quote.id),
    description: quote.description ?? '',
    version: quote.current_version ?? 1,
    total: quote.total,
    validUntil: quote.valid_until,
    url,
    optOutUrl: recipient.optOutUrl,
  });
  if (invitation) mail.text = mail.text.replace(url, url + invitation.note);
  await queueUpdateMail(db, recipient, { kind: KINDS[kind], ...mail });
  return true;
}
