import type { Kysely } from 'kysely';
import { withCustomerScope } from '../../platform/db/customer-scope';
import type { Database } from '../../platform/db/schema';
import { findProfile } from './repository';
import { pendingEmailOf } from './request-email-change';

/**
 * The signed-in customer's Profile: their customers row (read in the customer's scope) and the
 * e-mail change waiting for its link (read as the server: the customer's role cannot read it).
 */
export async function getProfile(db: Kysely<Database>, { email, userId }: { email: string; userId: string }) {
  const profile = await withCustomerScope(db, email, (trx) => findProfile(trx, email));
  return { ...profile, pendingEmail: await pendingEmailOf(db, userId) };
}
