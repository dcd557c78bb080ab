import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, never>;

/** Kysely types of the signature evidence (migration 082, sql/signatures.sql): insert-only tables. */
export interface SignedDocumentsTable {
  id: Generated<number>;
  quote_id: number | null;
  change_order_id: number | null;
  version: number;
  pdf: Uint8Array;
  pdf_sha256: string;
  content_hash: string;
  verification_code: string;
  /** The signed document is the first signed_part_length bytes of pdf; the certificate follows (decision 200). */
  signed_part_length: number;
  signed_part_sha256: string;
  locale: 'en' | 'es';
  created_at: Generated<Timestamp>;
}

export interface SignatureEventsTable {
  id: Generated<number>;
  document_kind: 'quote' | 'change_order';
  document_id: number;
  at: ColumnType<Date, Date | string | undefined, never>;
  event: 'sent' | 'first_opened' | 'consented' | 'signed' | 'copy_emailed';
  person_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: ColumnType<unknown, string | undefined, never>;
  /** Both set by the database (signature_event_chain). */
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

export interface SignatureVerifyHitsTable {
  ip: string;
  window_start: Date;
  hits: number;
}

/** A signed document to make after the approval's commit (migration 121, decision 269). */
export interface SignatureSealsTable {
  id: Generated<number>;
  document_kind: 'quote' | 'change_order';
  document_id: number;
  quote_id: number;
  change_order_id: number | null;
  version: number;
  /** What the rendering needs, as it was at approval (server/modules/signatures/seal.ts, SealPayload). */
  payload: ColumnType<unknown, string, never>;
  created_at: Generated<Timestamp>;
  attempts: Generated<number>;
  run_after: ColumnType<Date, Date | string | undefined, Date | string>;
  last_error: string | null;
  sealed_at: Date | null;
  signed_document_id: number | null;
}

export interface SignatureTables {
  signed_documents: SignedDocumentsTable;
  signature_seals: SignatureSealsTable;
  signature_events: SignatureEventsTable;
  signature_verify_hits: SignatureVerifyHitsTable;
}
