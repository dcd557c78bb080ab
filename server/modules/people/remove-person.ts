import type { Kysely } from 'kysely';
import type { People } from '../../../contracts/customer/people';
import { ForbiddenError, NotFoundError, WrongStateError } from '../../../domain/errors';
import { OWNER_ONLY_MESSAGE } from '../../auth/people-guard';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import type { SignedInCustomer } from '../../platform/http/types';
import { peopleOf, personById } from './repository';

/** Forgets this instance's cached sessions of a user at once (others forget on the database's announcement). */
export type ForgetSessions = (userId: string) => void;

/**
 * The person's sign-in is deleted (decision 246): their sessions end at once on every instance (the
 * cascade and its announcement, sql/session-notify.sql), their account_people row goes with it, and
 * the database answers nothing for them from this moment (portal_scope_email). A person belongs to
 * this one account: nothing of their own is lost. What they did stays recorded by their id.
 */
async function endPerson(db: Kysely<Database>, row: { id: number; user_id: string | null }, forget: ForgetSessions): Promise<void> {
  if (row.user_id) {
    await db.deleteFrom('user').where('id', '=', row.user_id).execute();
    forget(row.user_id);
  } else {
    await db.deleteFrom('account_people').where('id', '=', row.id).execute();
  }
}

/** 'Remove' (the owner only, after a confirmation): an invited person's link stops working, a joined person loses access at once. */
export async function removePerson(
  db: Kysely<Database>,
  input: { customer: SignedInCustomer; id: number },
  forget: ForgetSessions,
): Promise<People> {
  const { customer } = input;
  if (customer.role !== 'owner') throw new ForbiddenError('owner_only', OWNER_ONLY_MESSAGE);
  // Found in the owner's scope: another account's person is not found (404), as any record.
  const row = await withCustomerScope(db, customer.email, (trx) => personById(trx, input.id));
  if (!row) throw new NotFoundError('Not found.');
  await endPerson(db, { id: Number(row.id), user_id: row.user_id }, forget);
  return peopleOf(db, { email: customer.personEmail, role: 'owner' }, customer.email);
}

/** 'Leave this account' (a person, any role): their own sign-in ends with it. */
export async function leaveAccount(db: Kysely<Database>, customer: SignedInCustomer, forget: ForgetSessions): Promise<void> {
  if (customer.role === 'owner') throw new WrongStateError('owner_stays', 'The owner of an account cannot leave it.');
  const row = await db.selectFrom('account_people').select(['id', 'user_id']).where('user_id', '=', customer.userId).executeTakeFirst();
  if (!row) throw new NotFoundError('Not found.');
  await endPerson(db, { id: Number(row.id), user_id: row.user_id }, forget);
}
