import type { Property } from '../../../contracts/customer/properties';

export interface PropertyRow {
  id: number | string;
  label: string;
  address: string;
  is_profile: boolean;
  in_use: boolean;
}

/** A properties row as the API answers it: no label is null. */
export const toProperty = (row: PropertyRow): Property => ({
  id: Number(row.id),
  label: row.label === '' ? null : row.label,
  address: row.address,
  isProfile: row.is_profile,
  inUse: row.in_use,
});
