import type { Profile } from '../../../contracts/customer/profile';
import { ownedBy, type Db } from '../../platform/db/ownership';


/** Empty strings (e.g. a Google sign-up without a phone) count as missing, like null. */
const orNull = (value: string | null): string | null => (value && value.trim() ? value : null);

/** The customers row of this e-mail (case-insensitive, unique on lower(email)), or undefined. */
export async function findProfile(db: Db, email: string): Promise<Profile | undefined> {
  const row = await db
    .selectFrom('customers')
    .select(['name', 'email', 'phone', 'address', 'account_number', 'created_at'])
    .where(ownedBy(email))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    name: orNull(row.name),
    email: row.email,
    phone: orNull(row.phone),
    address: orNull(row.address),
    account_number: orNull(row.account_number),
    created_at: new Date(row.created_at).toISOString(),
  };
}
