import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A customer's service addresses (migration 105, sql/properties.sql). */
export interface PropertiesTable {
  id: Generated<number>;
  customer_id: number;
  /** The customer's name for it ('Rental'); '' when none. */
  label: Generated<string>;
  /**
   * Corrected only while no quote or work order names it; the profile property's follows
   * customers.address (triggers, decision 235).
   */
  address: ColumnType<string, string, string>;
  /** The profile address's property: the first one, written by the database only. */
  is_profile: ColumnType<boolean, never, never>;
  created_at: Generated<Timestamp>;
}

export interface PropertyTables {
  properties: PropertiesTable;
}

/** quotes.property_id and work_orders.property_id: NULL for rows put in with plain SQL by e-mail. */
export type PropertyIdColumn = ColumnType<number | string | null, number | null | undefined, number | null>;
