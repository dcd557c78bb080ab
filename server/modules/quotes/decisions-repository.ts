import type { Selectable } from 'kysely';
import type { QuoteDecisionView } from '../../../contracts/quote-document';
import { isoTime } from '../../platform/db/columns';
import type { Db } from '../../platform/db/customer-scope';
import type { QuoteApprovalsTable } from '../../platform/db/quote-schema';

export interface DecisionRecord extends QuoteDecisionView {
  ip: string | null;
  userAgent: string | null;
  /** The user id of the account's person who decided (migration 082); the office names them. */
  personId: string | null;
}

/** The customer's answers to a quote's versions, oldest first. */
export async function loadDecisions(db: Db, quoteId: number): Promise<DecisionRecord[]> {
  const rows = await db
    .selectFrom('quote_approvals')
    .selectAll()
    .where('quote_id', '=', quoteId)
    .orderBy('decided_at')
    .orderBy('id')
    .execute();
  return rows.map(decisionRecord);
}

/** A quote_approvals row as a decision. */
export const decisionRecord = (row: Selectable<QuoteApprovalsTable>): DecisionRecord => ({
  id: Number(row.id),
  version: row.version,
  decision: row.decision,
  signerName: row.signer_name,
  reason: row.reason,
  optionalItemIds: row.optional_item_ids.map(Number),
  total: row.total,
  decidedAt: isoTime(row.decided_at),
  contentHash: row.content_hash,
  pdfSha256: row.pdf_sha256,
  ip: row.ip,
  userAgent: row.user_agent,
  personId: row.person_id,
});

/** What the customer sees of a decision: not the address and browser it was made from. */
export const publicDecision = ({ ip: _ip, userAgent: _ua, personId: _person, ...view }: DecisionRecord): QuoteDecisionView => view;
