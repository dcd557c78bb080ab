import type { OfficeCustomer } from '../../../contracts/office/customers';
import { isoTime } from '../../platform/db/columns';

/** A customers row with what "user" says about its address (LEFT JOIN: null when never registered). */
export interface OfficeCustomerRow {
  id: number;
  name: string | null;
  email: string;
  phone: string | null;
  address: string | null;
  account_number: string | null;
  created_at: Date | string;
  registered: boolean;
  verified: boolean | null;
}

/** Empty strings (a Google sign-up has no phone) count as missing, as on the customer's Profile. */
const orNull = (value: string | null): string | null => (value && value.trim() ? value : null);

export function toOfficeCustomer(row: OfficeCustomerRow): OfficeCustomer {
  return {
    id: Number(row.id),
    name: orNull(row.name),
    email: row.email,
    phone: orNull(row.phone),
    address: orNull(row.address),
    accountNumber: orNull(row.account_number),
    createdAt: isoTime(row.created_at),
    account: !row.registered ? 'none' : row.verified ? 'active' : 'unconfirmed',
  };
}
