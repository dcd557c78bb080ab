import { sql, type Kysely } from 'kysely';
import type { InvitePersonInput, People } from '../../../contracts/customer/people';
import type { Locale } from '../../../contracts/locale';
import { ForbiddenError, NotFoundError, WrongStateError } from '../../../domain/errors';
import { hasOwnPortal, newPersonToken, personInvitationLink } from '../../auth/account-people/tokens';
import { OWNER_ONLY_MESSAGE } from '../../auth/people-guard';
import type { Config } from '../../platform/config';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { SignedInCustomer } from '../../platform/http/types';
import { enqueueMail } from '../../platform/mail/outbox';
import { personInvitationMail } from './mail';
import { accountCustomer, peopleRows, peopleView } from './repository';

export interface PeopleDeps {
  config: Pick<Config, 'appUrl' | 'company'>;
}

export const PERSON_EXISTS = 'This address is already invited to an account.';
export const HAS_OWN_ACCOUNT = 'This address has its own portal account, so it cannot join yours.';

/**
 * 'Invite someone' (the owner only): a row in account_people with a one-time link (7 days) e-mailed in
 * the chosen language. Inviting an address again that has not joined yet sends a fresh link (the old
 * one stops working) with the role chosen now. Refused (decision 246): the owner's own address, an
 * address already in an account (theirs or another's), an address with a portal of its own.
 */
export async function invitePerson(
  db: Kysely<Database>,
  _meta: RequestMeta,
  input: { customer: SignedInCustomer; invite: Omit<InvitePersonInput, 'locale'> & { locale: Locale } },
  deps: PeopleDeps,
): Promise<People> {
  const { customer, invite } = input;
  if (customer.role !== 'owner') throw new ForbiddenError('owner_only', OWNER_ONLY_MESSAGE);
  const email = invite.email.trim().toLowerCase();
  if (email === customer.email.toLowerCase() || email === customer.personEmail.toLowerCase()) {
    throw new WrongStateError('own_email', 'This is your own e-mail address.');
  }
  // Read as the server: whether ANY account has the address (the scope would show this account's only).
  const existing = await db
    .selectFrom('account_people as p')
    .innerJoin('customers as c', 'c.id', 'p.customer_id')
    .select(['p.id', 'p.user_id', 'c.email as account_email'])
    .where(sql<boolean>`lower(p.email) = ${email}`)
    .executeTakeFirst();
  const again = existing && existing.user_id === null && existing.account_email.toLowerCase() === customer.email.toLowerCase();
  if (existing && !again) throw new WrongStateError('person_exists', PERSON_EXISTS);
  if (!existing && (await hasOwnPortal(db, email))) throw new WrongStateError('has_own_account', HAS_OWN_ACCOUNT);
  const { token, hash, expiresAt } = newPersonToken();
  const you = { email: customer.personEmail, role: customer.role };
  try {
    const rows = await withCustomerScope(db, customer.email, async (trx) => {
      const account = await accountCustomer(trx, customer.email);
      if (!account) throw new NotFoundError('User not found.');
      const link = { role: invite.role, token_hash: hash, token_expires_at: expiresAt, locale: invite.locale };
      if (again) {
        await trx
          .updateTable('account_people')
          .set({ ...link, invited_at: new Date() })
          .where('id', '=', existing.id)
          .execute();
      } else {
        await trx
          .insertInto('account_people')
          .values({ customer_id: account.id, email, invited_by: customer.userId, ...link })
          .execute();
      }
      const mail = personInvitationMail(invite.locale, {
        company: deps.config.company.name,
        owner: account.name || account.email,
        role: invite.role,
        url: personInvitationLink(deps.config.appUrl, token),
      });
      await enqueueMail(trx, { kind: 'person-invitation', to: email, replyTo: account.email, ...mail });
      return peopleRows(trx);
    });
    return await peopleView(db, you, customer.email, rows);
  } catch (err) {
    // Another account invited the address at the same moment (account_people_email_key).
    if ((err as { code?: unknown }).code === '23505') throw new WrongStateError('person_exists', PERSON_EXISTS);
    throw err;
  }
}
