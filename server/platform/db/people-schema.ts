import type { ColumnType, Generated } from 'kysely';

/** Several people on one account (migration 114, sql/account-people.sql). */
export interface AccountPeopleTable {
  id: Generated<number>;
  customer_id: number;
  /** The person's Better Auth user, once they joined (with joined_at). */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  email: string;
  role: 'approve_and_pay' | 'view_only';
  /** The inviting owner's user id. */
  invited_by: string;
  invited_at: ColumnType<Date, Date | string | undefined, Date | string>;
  joined_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The invitation link's SHA-256 and expiry, cleared when the person joins. */
  token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  token_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  locale: ColumnType<string, string | undefined, string>;
}

export interface PeopleTables {
  account_people: AccountPeopleTable;
}
