import { sql, type Selectable } from 'kysely';
import type { QuoteDecisionView } from '../../../contracts/quote-document';
import { isoTime } from '../../platform/db/columns';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import type { QuoteApprovalsTable } from '../../platform/db/quote-schema';
import { companyToday } from './company-day';
import { versionColumns, versionRecord, type VersionRecord } from './versions-repository';

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

/** The customer's details as the signed PDF states them. */
export interface Profile {
  name: string;
  email: string;
  phone: string | null;
  address: string | null;
}

export interface DecisionToClaim {
  quoteId: number;
  version: number;
  decision: 'Approved' | 'Declined';
  /** The account's e-mail (its records' key). */
  email: string;
  /** The company's time zone: valid-until is a day there. */
  timeZone: string;
}

/** What the decision is made with, read by the statement that claims it. */
export interface ClaimedDecision {
  /** When the quote was made, and the decision's time (the transaction's, as every now() after it). */
  createdAt: Date;
  decidedAt: Date;
  /** The approval row's id, taken from its sequence: the row is written without reading it back. */
  decisionId: number;
  /** The version decided, with its lines; undefined when it was never sent (the page is out of date). */
  sent: VersionRecord | undefined;
  /** The customer's details now; undefined when the account has no customers row. */
  profile: Profile | undefined;
}

/**
 * The decision, claimed by ONE conditional UPDATE: the quote must still be Sent, at the version the
 * customer saw, and not past its valid-until day. Of two approvals, or an approval racing the office
 * sending a new version, exactly one changes the row (the other waits on its lock, then finds the
 * condition false). The same statement answers what the decision is made with (decision 297): the
 * version with its lines (a row per line), the customer's details and the approval row's id, one
 * round trip instead of four. Undefined when the UPDATE changed nothing.
 */
export async function claimDecision(db: Db, claim: DecisionToClaim): Promise<ClaimedDecision | undefined> {
  const rows = await db
    .with('won', (q) =>
      q
        .updateTable('quotes')
        .set({ status: claim.decision })
        .where('id', '=', claim.quoteId)
        .where(ownedBy(claim.email, 'quotes.email'))
        .where('status', '=', 'Sent')
        .where('current_version', '=', claim.version)
        .where(sql<boolean>`quote_listed_status(status, valid_until, ${companyToday(claim.timeZone)}) = 'Sent'`)
        .returning(['id', 'created_at', sql<Date>`now()`.as('now'), sql<string>`nextval('quote_approvals_id_seq')`.as('decision_id')]),
    )
    .selectFrom('won')
    .leftJoin('quote_versions as v', (join) =>
      join.onRef('v.quote_id', '=', 'won.id').on('v.version', '=', claim.version).on('v.sent_at', 'is not', null),
    )
    .leftJoin('quote_line_items as l', (join) => join.onRef('l.quote_id', '=', 'v.quote_id').onRef('l.version', '=', 'v.version'))
    .leftJoin('customers', (join) => join.on(ownedBy(claim.email, 'customers.email')))
    .select([
      'won.created_at as quote_created_at',
      'won.now',
      'won.decision_id',
      sql<boolean>`v.quote_id IS NOT NULL`.as('sent'),
      ...versionColumns('v'),
      'l.id as line_id',
      'l.position as line_position',
      'l.line_key as line_key',
      'l.description as line_description',
      'l.quantity as line_quantity',
      'l.unit_price as line_unit_price',
      'l.line_total as line_total',
      'l.optional as line_optional',
      'customers.name as customer_name',
      'customers.email as customer_email',
      'customers.phone as customer_phone',
      'customers.address as customer_address',
    ])
    .orderBy('l.position')
    .execute();
  const first = rows[0];
  if (!first) return undefined;
  const lines = rows.flatMap((r) =>
    r.line_id === null
      ? []
      : [
          {
            id: r.line_id,
            version: r.version!,
            position: r.line_position!,
            line_key: r.line_key!,
            description: r.line_description!,
            quantity: r.line_quantity!,
            unit_price: r.line_unit_price!,
            line_total: r.line_total!,
            optional: r.line_optional!,
          },
        ],
  );
  return {
    createdAt: first.quote_created_at,
    decidedAt: first.now,
    decisionId: Number(first.decision_id),
    sent: first.sent ? versionRecord(first as Parameters<typeof versionRecord>[0], lines) : undefined,
    profile:
      first.customer_email === null
        ? undefined
        : { name: first.customer_name!, email: first.customer_email, phone: first.customer_phone, address: first.customer_address },
  };
}
