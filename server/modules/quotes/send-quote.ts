import { sql } from 'kysely';
import { quoteTotals } from '../../../domain/money';
import { NotFoundError } from '../../../domain/errors';
import { canMove } from '../../../domain/quotes/statuses';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { companyTodayText } from './company-day';
import { contentHash } from './content-hash';
import { noDraft, noValidUntil, nothingToSend, quoteIsApproved } from './errors';
import { queueCustomerQuoteMail, type QuoteMailDeps } from './quote-mail';
import { draftVersionOf, loadVersions, lockQuote, versionContent } from './versions-repository';

/**
 * 'Send to customer': the draft version is frozen (sent_at and its content hash set; the database
 * refuses any change after), becomes the current version, the quote is Sent with the version's
 * total and valid-until, and the customer's e-mail ('quote sent', or 'new version' when an earlier
 * version was sent) is queued, all in the caller's transaction. Viewed and reminders start over.
 */
export async function sendQuote(db: Db, meta: RequestMeta, { quoteId }: { quoteId: number }, deps: QuoteMailDeps): Promise<void> {
  const { config } = deps;
  const quote = await lockQuote(db, quoteId);
  if (!quote) throw new NotFoundError('Quote not found.');
  if (!canMove(quote.status, 'Sent')) throw quoteIsApproved();
  const version = await draftVersionOf(db, quoteId);
  if (version === undefined) throw noDraft();
  const draft = (await loadVersions(db, quoteId, { sentOnly: false })).find((v) => v.version === version)!;
  if (!draft.lines.length) throw nothingToSend();
  const { today } = (await sql<{ today: string }>`SELECT ${companyTodayText(config.company.timeZone)} AS today`.execute(db)).rows[0]!;
  if (!draft.validUntil || draft.validUntil < today) throw noValidUntil();

  const totals = quoteTotals(draft.lines, draft.taxRate);
  const hash = contentHash(versionContent(quoteId, { ...draft, ...totals }));
  await db
    .updateTable('quote_versions')
    .set({ ...totals, content_hash: hash, sent_at: sql<Date>`now()` })
    .where('quote_id', '=', quoteId)
    .where('version', '=', version)
    .execute();
  await db
    .updateTable('quotes')
    .set({
      status: 'Sent',
      current_version: version,
      total: totals.total,
      valid_until: draft.validUntil,
      description: draft.description,
      viewed_at: null,
      reminders_sent: 0,
      reminded_at: null,
    })
    .where('id', '=', quoteId)
    .execute();
  await queueCustomerQuoteMail(db, deps, quote.current_version === null ? 'sent' : 'newVersion', quoteId);
  await audit(db, {
    actor: meta.actor,
    action: 'send-quote',
    entity: 'quote',
    entityId: quoteId,
    before: { status: quote.status, currentVersion: quote.current_version, total: quote.total },
    after: { status: 'Sent', currentVersion: version, total: totals.total, validUntil: draft.validUntil, contentHash: hash },
    ip: meta.ip,
  });
}
