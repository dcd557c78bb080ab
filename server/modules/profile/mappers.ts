import type { Profile } from '../../../contracts/customer/profile';
import { isoTime } from '../../platform/db/columns';

/** Empty strings (e.g. a Google sign-up without a phone) count as missing, like null. */
const orNull = (value: string | null): string | null => (value && value.trim() ? value : null);

interface CustomerRow {
  name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  account_number: string | null;
  created_at: Date | string;
  email_updates: boolean;
}

export function toProfile(row: CustomerRow): Profile {
  return {
    name: orNull(row.name),
    email: row.email,
    phone: orNull(row.phone),
    address: orNull(row.address),
    account_number: orNull(row.account_number),
    created_at: isoTime(row.created_at),
    emailUpdates: row.email_updates,
  };
}
