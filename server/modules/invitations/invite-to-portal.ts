import type { Locale } from '../../../contracts/locale';
import type { PortalAccess } from '../../../contracts/office/invitations';
import { NotFoundError, WrongStateError } from '../../../domain/errors';
import { audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { accountExists, invitationLink, issueInvitation } from '../../auth/portal-invitation/tokens';
import { invitationMail } from './mail';
import { customerById, openQuoteOf, portalAccessOf } from './repository';

export interface InvitationDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

/**
 * 'Invite to portal' on the office's customer page: a new one-time link (earlier ones keep working
 * until they expire or the account exists), e-mailed in the language the office chose, landing on the
 * customer's newest open quote (or the dashboard). Audited. Refused once the address has an account.
 */
export async function inviteToPortal(
  db: Db,
  meta: RequestMeta,
  input: { customerId: number; locale: Locale },
  deps: InvitationDeps,
): Promise<PortalAccess> {
  const customer = await customerById(db, input.customerId);
  if (!customer) throw new NotFoundError('Customer not found.');
  if (await accountExists(db, customer.email)) {
    throw new WrongStateError('account_exists', 'This customer already has a portal account.');
  }
  const quoteId = await openQuoteOf(db, customer.email);
  const { token, expiresAt } = await issueInvitation(db, {
    customerId: customer.id,
    email: customer.email,
    quoteId,
    locale: input.locale,
    invitedBy: meta.actor,
  });
  const mail = invitationMail(input.locale, {
    company: deps.config.company.name,
    name: customer.name,
    url: invitationLink(deps.config.appUrl, token),
  });
  await enqueueMail(db, { kind: 'portal-invitation', to: customer.email, ...mail });
  await audit(db, {
    actor: meta.actor,
    action: 'invite-to-portal',
    entity: 'customer',
    entityId: customer.id,
    after: { email: customer.email, locale: input.locale, quoteId, expiresAt: expiresAt.toISOString() },
    ip: meta.ip,
  });
  return portalAccessOf(db, customer);
}
