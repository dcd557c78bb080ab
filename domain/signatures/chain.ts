/**
 * The hash chain of signature_events (contract-spec §1): each event holds the SHA-256 of the event
 * before it of the same document. The database computes it on insert (sql/signatures.sql,
 * signature_event_text and signature_event_chain); this is the same text, so a chain read back can
 * be checked here, and a test checks both agree.
 */

/** The previous hash of a document's first event. */
export const CHAIN_START = '0'.repeat(64);

export interface ChainEvent {
  id: number;
  documentKind: string;
  documentId: number;
  /** ISO 8601 in UTC with milliseconds, as Date.toISOString writes it. */
  at: string;
  event: string;
  personId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** details as the database writes jsonb as text (read with details::text). */
  detailsText: string;
  prevHash: string;
  hash: string;
}

/** What is hashed for one event: its fields, one a line, after the previous hash. */
export function eventText(e: Omit<ChainEvent, 'id' | 'hash'>): string {
  return [
    e.prevHash,
    e.documentKind,
    String(e.documentId),
    e.at,
    e.event,
    e.personId ?? '',
    e.ip ?? '',
    e.userAgent ?? '',
    e.detailsText,
  ].join('\n');
}

export type ChainCheck = { intact: true; events: number } | { intact: false; brokenAt: number; why: 'prev_hash' | 'hash' };

/**
 * Checks a document's events, oldest first: each links to the one before it, and each hash is that
 * of its own fields. `sha256Hex` is given (node:crypto on the server), so this stays pure.
 */
export function verifyChain(events: readonly ChainEvent[], sha256Hex: (text: string) => string): ChainCheck {
  let prev = CHAIN_START;
  for (const e of events) {
    if (e.prevHash !== prev) return { intact: false, brokenAt: e.id, why: 'prev_hash' };
    if (sha256Hex(eventText(e)) !== e.hash) return { intact: false, brokenAt: e.id, why: 'hash' };
    prev = e.hash;
  }
  return { intact: true, events: events.length };
}
