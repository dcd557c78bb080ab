import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A customer's service addresses (migration 105, sql/properties.sql). */
export interface PropertiesTable {
  id: Generated<number>;
  customer_id: number;
  /** The customer's name for it ('Rental'); '' when none. */
  label: Generated<string>;
  /** Fixed once written, except the profile property's, which follows customers.address (a trigger). */
  address: ColumnType<string, string, never>;
  /** The profile address's property: the first one, written by the database only. */
  is_profile: ColumnType<boolean, never, never>;
  created_at: Generated<Timestamp>;
}

export interface PropertyTables {
  properties: PropertiesTable;
}

/** quotes.property_id and work_orders.property_id: NULL for rows put in with plain SQL by e-mail. */
export type PropertyIdColumn = ColumnType<number | string | null, number | null | undefined, number | null>;
