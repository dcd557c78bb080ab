import type { Kysely } from 'kysely';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import { saveProfileDetails } from './repository';
import { pendingEmailOf } from './request-email-change';

export interface UpdateProfileInput {
  email: string;
  userId: string;
  /** Full Name, Phone and Address, already checked by profileEditSchema. */
  details: { name: string; phone: string | null; address: string | null };
}

/**
 * The customer saves their own Full Name, Phone and Address (in the customer's scope, which may
 * change only these columns); answers the Profile as getProfile does, with the waiting e-mail change.
 */
export async function updateProfile(db: Kysely<Database>, { email, userId, details }: UpdateProfileInput) {
  const profile = await withCustomerScope(db, email, (trx) => saveProfileDetails(trx, email, details));
  return { ...profile, pendingEmail: await pendingEmailOf(db, userId) };
}
