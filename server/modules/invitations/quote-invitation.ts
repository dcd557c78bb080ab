import type { Locale } from '../../../contracts/locale';
import type { Db } from '../../platform/db/customer-scope';
import { accountExists, invitationLink, issueInvitation } from '../../auth/portal-invitation/tokens';
import { quoteInvitationNote } from './mail';
import { customerByEmail } from './repository';

/** Who made the link of a quote e-mail (the invitation's invited_by): the e-mail itself, not a person. */
export const QUOTE_MAIL_INVITER = 'quote e-mail';

/**
 * A quote e-mail to a customer the office added, who has no portal account yet (issue 26.1): its link
 * is a portal invitation that lands on that quote, with a line saying so. Undefined when the customer
 * has an account (the e-mail keeps its plain link). Call it in the transaction that queues the e-mail.
 */
export async function quoteInvitation(
  db: Db,
  appUrl: string,
  { email, quoteId, locale }: { email: string; quoteId: number; locale: Locale },
): Promise<{ url: string; note: string } | undefined> {
  if (await accountExists(db, email)) return undefined;
  const customer = await customerByEmail(db, email);
  if (!customer) return undefined;
  const { token } = await issueInvitation(db, {
    customerId: customer.id,
    email: customer.email,
    quoteId,
    locale,
    invitedBy: QUOTE_MAIL_INVITER,
  });
  return { url: invitationLink(appUrl, token), note: quoteInvitationNote(locale) };
}
