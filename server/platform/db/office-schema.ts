import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/** Kysely types of the tables the office side adds (migrations 010-015). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AuditLogTable {
  id: Generated<number>;
  at: Generated<Date>;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  after: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  ip: string | null;
}

export interface WorkOrderEventsTable {
  id: Generated<number>;
  work_order_id: number;
  at: Timestamp;
  actor_email: string | null;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  body: string | null;
  visible_to_customer: Generated<boolean>;
  /** The schedule a 'schedule' event set (migration 040). */
  scheduled_date: ColumnType<string | null, string | null | undefined, string | null>;
  arrival_start: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  arrival_end: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface OfficeSetupTokensTable {
  token_hash: string;
  user_id: string;
  created_by: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
  /** Set when the person who sent it was suspended or demoted (migration 072). */
  withdrawn_at: Date | null;
}

/** The last authenticator period each account used (migration 072): a code works once. */
export interface OfficeTotpPeriodsTable {
  user_id: string;
  period: number;
}

/** Calls of the set-up endpoints per client address in the current window (migration 072). */
export interface OfficeSetupHitsTable {
  ip: string;
  window_start: Date;
  hits: number;
}

/** Written by triggers (migration 015); the office reads it and marks entries done. */
export interface OfficeInboxTable {
  id: Generated<number>;
  kind: 'work_request' | 'revision_request' | 'order_cancelled' | 'quote_approved' | 'quote_declined';
  at: Generated<Date>;
  email: string;
  work_order_id: number | null;
  quote_id: number | null;
  quote_request_id: number | null;
  summary: Generated<string>;
  done_at: Date | null;
  done_by: string | null;
}

export interface OfficeTables {
  office_inbox: OfficeInboxTable;
  audit_log: AuditLogTable;
  work_order_events: WorkOrderEventsTable;
  office_setup_tokens: OfficeSetupTokensTable;
  office_totp_periods: OfficeTotpPeriodsTable;
  office_setup_hits: OfficeSetupHitsTable;
}
