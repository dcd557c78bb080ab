import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the e-mail change tables (migration 045). */
export interface EmailChangesTable {
  user_id: string;
  new_email: string;
  /** SHA-256 (hex) of the link's token; NULL when no link was sent (the address already had an account). */
  token_hash: string | null;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface EmailChangeAttemptsTable {
  user_id: string;
  at: Generated<Date>;
}

export interface EmailChangeTables {
  email_changes: EmailChangesTable;
  email_change_attempts: EmailChangeAttemptsTable;
}
