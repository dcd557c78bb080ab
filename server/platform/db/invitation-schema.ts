import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Portal invitations of customers the office added (migration 089, server/auth/portal-invitation). */
export interface PortalInvitationsTable {
  id: Generated<number>;
  /** SHA-256 (hex) of the link's token: the token itself is only in the e-mail. */
  token_hash: string;
  customer_id: number;
  /** Lower-case; the account it sets up gets this address. */
  email: string;
  /** The quote the link lands on once set up (null: the dashboard). */
  quote_id: number | null;
  locale: string;
  invited_by: string;
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface InvitationTables {
  portal_invitations: PortalInvitationsTable;
}
