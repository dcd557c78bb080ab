import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the quote documents (migrations 031-033). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric comes back as a string from both drivers; never a float in our code. */
type Numeric = ColumnType<string, string, string>;
/** A date column, read as YYYY-MM-DD through calendarDay() (columns.ts) or to_char. */
type DateColumn = ColumnType<Date | string, string, string>;

export interface QuoteVersionsTable {
  quote_id: number;
  version: number;
  description: Generated<string>;
  subtotal: Numeric;
  tax_rate: Numeric;
  tax: Numeric;
  total: Numeric;
  valid_until: DateColumn | null;
  terms: Generated<string>;
  created_at: Timestamp;
  created_by: string | null;
  sent_at: Date | null;
  content_hash: string | null;
  /** 'Deposit': whole percent of the total, 0 = none (migration 093). */
  deposit_percent: Generated<number>;
}

export interface QuoteLineItemsTable {
  id: Generated<number>;
  quote_id: number;
  version: number;
  position: number;
  line_key: string;
  description: string;
  quantity: Numeric;
  unit_price: Numeric;
  line_total: Numeric;
  optional: boolean;
}

export interface QuoteApprovalsTable {
  id: Generated<number>;
  quote_id: number;
  version: number;
  decision: 'Approved' | 'Declined';
  signer_name: string | null;
  reason: string | null;
  /** bigint[]: written as a PostgreSQL array literal; read through the repository. */
  optional_item_ids: ColumnType<(number | string)[], string, never>;
  total: ColumnType<string | null, string | null, never>;
  decided_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  content_hash: string;
  /** Migration 082 (contract-spec §1): the consent, how the signer signed in, the signed PDF's hash. */
  consent_version: string | null;
  consent_locale: 'en' | 'es' | null;
  auth_method: 'password' | 'google' | 'sign_in_link' | null;
  pdf_sha256: string | null;
  person_id: string | null;
}

export interface QuoteTables {
  quote_versions: QuoteVersionsTable;
  quote_line_items: QuoteLineItemsTable;
  quote_approvals: QuoteApprovalsTable;
}
