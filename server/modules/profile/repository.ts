import type { Profile } from '../../../contracts/customer/profile';
import { NotFoundError } from '../../../domain/errors';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { toProfile } from './mappers';

const profileColumns = ['name', 'email', 'phone', 'address', 'account_number', 'created_at', 'email_updates'] as const;

/** The customers row of this e-mail (case-insensitive, unique on lower(email)). */
export async function findProfile(db: Db, email: string): Promise<Profile> {
  const row = await db.selectFrom('customers').select(profileColumns).where(ownedBy(email)).executeTakeFirst();
  if (!row) throw new NotFoundError('User not found.');
  return toProfile(row);
}

/** 'E-mail me about updates' of the signed-in customer (the customer's role may change this one column). */
export async function setEmailUpdates(db: Db, email: string, enabled: boolean): Promise<{ emailUpdates: boolean }> {
  const row = await db
    .updateTable('customers')
    .set({ email_updates: enabled })
    .where(ownedBy(email))
    .returning('email_updates')
    .executeTakeFirst();
  if (!row) throw new NotFoundError('User not found.');
  return { emailUpdates: row.email_updates };
}

/** The customer's own Full Name, Phone and Address (already checked by profileEditSchema); answers the saved profile. */
export async function saveProfileDetails(
  db: Db,
  email: string,
  details: { name: string; phone: string | null; address: string | null },
): Promise<Profile> {
  const row = await db
    .updateTable('customers')
    .set({ name: details.name, phone: details.phone, address: details.address })
    .where(ownedBy(email))
    .returning(profileColumns)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('User not found.');
  return toProfile(row);
}
