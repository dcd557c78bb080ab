import { sql } from 'kysely';
import type { ChainEvent } from '../../../domain/signatures/chain';
import type { Db } from '../../platform/db/customer-scope';
import { executeHeld } from '../../platform/db/inline-parameters';

export type SignatureEventName = 'sent' | 'first_opened' | 'consented' | 'signed' | 'copy_emailed';
export type DocumentKind = 'quote' | 'change_order';

export interface NewSignatureEvent {
  documentKind: DocumentKind;
  documentId: number;
  event: SignatureEventName;
  personId?: string | null | undefined;
  ip?: string | null | undefined;
  userAgent?: string | null | undefined;
  details?: Record<string, unknown> | undefined;
}

/** Appends an event to its document's chain; the database links and hashes it (sql/signatures.sql). */
export async function recordSignatureEvent(db: Db, e: NewSignatureEvent): Promise<void> {
  await recordSignatureEvents(db, [e]);
}

/**
 * Appends events to their documents' chains in this order, in one statement. The chain's trigger
 * runs for each row in turn (BEFORE INSERT, FOR EACH ROW, under the document's lock) and reads the
 * last row of the chain, rows of this same statement included (PostgreSQL shows a row-level BEFORE
 * trigger the rows its statement already inserted); the ids follow the list's order. So the chain is
 * the one that one INSERT per event makes (decision 253). Its answer is not read: on PostgreSQL it
 * travels with the transaction's next statement (decision 290).
 */
export async function recordSignatureEvents(db: Db, events: readonly NewSignatureEvent[]): Promise<void> {
  if (events.length === 0) return;
  await executeHeld(
    db,
    db.insertInto('signature_events').values(
      events.map((e) => ({
        document_kind: e.documentKind,
        document_id: e.documentId,
        event: e.event,
        person_id: e.personId ?? null,
        ip: e.ip ?? null,
        user_agent: e.userAgent ?? null,
        details: JSON.stringify(e.details ?? {}),
      })),
    ),
  );
}

export interface SignatureEventRow extends ChainEvent {
  event: SignatureEventName;
  details: Record<string, unknown>;
}

/** A document's events, oldest first, as the chain hashed them (details as jsonb's own text). */
export async function loadSignatureEvents(db: Db, documentKind: DocumentKind, documentId: number): Promise<SignatureEventRow[]> {
  const rows = await db
    .selectFrom('signature_events')
    .select(['id', 'document_kind', 'document_id', 'at', 'event', 'person_id', 'ip', 'user_agent', 'prev_hash', 'hash'])
    .select(sql<string>`details::text`.as('details_text'))
    .where('document_kind', '=', documentKind)
    .where('document_id', '=', documentId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    documentKind: r.document_kind,
    documentId: Number(r.document_id),
    at: new Date(r.at).toISOString(),
    event: r.event,
    personId: r.person_id,
    ip: r.ip,
    userAgent: r.user_agent,
    detailsText: r.details_text,
    details: JSON.parse(r.details_text) as Record<string, unknown>,
    prevHash: r.prev_hash,
    hash: r.hash,
  }));
}
