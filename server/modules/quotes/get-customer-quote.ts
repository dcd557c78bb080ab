import { sql } from 'kysely';
import type { QuoteDetail, QuoteVersionDetail } from '../../../contracts/customer/quotes';
import { NotFoundError } from '../../../domain/errors';
import { whatChanged } from '../../../domain/quotes/changes';
import { effectiveStatus } from '../../../domain/quotes/statuses';
import { isoTime } from '../../platform/db/columns';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import { companyTodayText, dayText } from './company-day';
import { loadDecisions, publicDecision } from './decisions-repository';
import type { RawHistoryEntry } from './mappers';
import { loadVersions, publicVersion, versionContent } from './versions-repository';

/** The customer's quote row with today's date in the company's time zone (one clock for "expired"). */
export async function findOwnedQuote(db: Db, quoteId: number, email: string, timeZone: string) {
  return db
    .selectFrom('quotes')
    .select([
      'id',
      'description',
      'created_at',
      'total',
      'status',
      'current_version',
      'viewed_at',
      dayText('valid_until').as('valid_until'),
      companyTodayText(timeZone).as('today'),
      // The property's address (its PDF shows it); the customer's scope reads their own properties.
      sql<string | null>`(select p.address from properties as p where p.id = quotes.property_id)`.as('address'),
      sql<RawHistoryEntry[]>`coalesce((
        select json_agg(json_build_object('status', log.status, 'timestamp', log."timestamp") order by log."timestamp", log.id)
        from quote_status_log as log where log.quote_id = quotes.id
        -- 'Draft' is never shown to the customer for a quote the office wrote (office-spec section 3); a quote put in
        -- with SQL (no versions) shows its whole log, as the portal spec says.
        and not (log.status = 'Draft' and quotes.current_version is not null)
      ), '[]'::json)`.as('history'),
      // The customer's latest revision request (also on a quote that is not Sent, whose status does not change).
      sql<Date | string | null>`(select max(r.requested_at) from quote_requests as r where r.quote_id = quotes.id)`.as(
        'revision_requested_at',
      ),
      sql<{ message: string; requested_at: string; answer: string; answered_at: string } | null>`(
        select json_build_object('message', r.message, 'requested_at', r.requested_at, 'answer', r.answer, 'answered_at', r.answered_at)
        from quote_requests as r where r.quote_id = quotes.id and r.answered_at is not null
        order by r.answered_at desc, r.id desc limit 1)`.as('revision_answer'),
    ])
    .where('id', '=', quoteId)
    .where(ownedBy(email, 'quotes.email'))
    .executeTakeFirst();
}

/**
 * /quotes/:id: the current sent version, what changed since the previous sent one, the earlier
 * versions and the answer given. Run in the customer's scope: drafts are invisible there.
 * The first opening of a sent version is recorded (quotes.viewed_at: 'Viewed {date}' for the office).
 */
export async function getCustomerQuote(db: Db, quoteId: number, email: string, timeZone: string): Promise<QuoteDetail> {
  const quote = await findOwnedQuote(db, quoteId, email, timeZone);
  if (!quote) throw new NotFoundError('Quote not found.');
  const versions = await loadVersions(db, quoteId, { sentOnly: true });
  const current = versions.find((v) => v.version === quote.current_version);
  const previous = current && versions.filter((v) => v.version < current.version).at(-1);
  const decision = current && (await loadDecisions(db, quoteId)).find((d) => d.version === current.version);
  const status = effectiveStatus(quote.status, quote.valid_until, quote.today);
  if (current && quote.viewed_at === null) {
    await db
      .updateTable('quotes')
      .set({ viewed_at: sql<Date>`now()` })
      .where('id', '=', quoteId)
      .where('viewed_at', 'is', null)
      .execute();
  }
  return {
    id: Number(quote.id),
    description: quote.description ?? '',
    created_at: isoTime(quote.created_at),
    total: quote.total,
    address: quote.address,
    status,
    history: quote.history.map((h) => ({ status: h.status, timestamp: isoTime(h.timestamp) })),
    version: current ? publicVersion(current) : null,
    whatChanged: current && previous ? whatChanged(versionContent(quoteId, previous), versionContent(quoteId, current)) : null,
    earlierVersions: versions
      .filter((v) => v !== current && v.sentAt)
      .map((v) => ({ version: v.version, sentAt: v.sentAt!, total: v.total })),
    decision: decision ? publicDecision(decision) : null,
    canDecide: Boolean(current) && status === 'Sent',
    revisionRequestedAt: quote.revision_requested_at ? isoTime(quote.revision_requested_at) : null,
    revisionAnswer: quote.revision_answer
      ? {
          message: quote.revision_answer.message,
          requestedAt: isoTime(quote.revision_answer.requested_at),
          answer: quote.revision_answer.answer,
          answeredAt: isoTime(quote.revision_answer.answered_at),
        }
      : null,
  };
}

/** One sent version of the customer's quote (an earlier one, or the current). */
export async function getCustomerQuoteVersion(
  db: Db,
  quoteId: number,
  version: number,
  email: string,
  timeZone: string,
): Promise<QuoteVersionDetail> {
  const quote = await findOwnedQuote(db, quoteId, email, timeZone);
  const found = quote && (await loadVersions(db, quoteId, { sentOnly: true })).find((v) => v.version === version);
  if (!quote || !found) throw new NotFoundError('Quote version not found.');
  const decision = (await loadDecisions(db, quoteId)).find((d) => d.version === version);
  return {
    quoteId,
    current: quote.current_version === version,
    version: publicVersion(found),
    decision: decision ? publicDecision(decision) : null,
  };
}
