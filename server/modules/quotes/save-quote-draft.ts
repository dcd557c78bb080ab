import type { QuoteDraft } from '../../../contracts/office/quotes';
import { NotFoundError } from '../../../domain/errors';
import { isFrozenQuote } from '../../../domain/quotes/statuses';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { draftSummary } from './create-quote';
import { noDraft, quoteIsApproved } from './errors';
import { draftVersionOf, loadVersions, lockQuote, writeDraft } from './versions-repository';

/**
 * 'Save draft': replaces the draft version's lines, description, tax rate, valid-until and terms.
 * A quote never sent (status Draft) shows the draft's description and total in the office's list;
 * a sent quote keeps those of its current version until the draft is sent.
 */
export async function saveQuoteDraft(db: Db, meta: RequestMeta, { quoteId, draft }: { quoteId: number; draft: QuoteDraft }): Promise<void> {
  const quote = await lockQuote(db, quoteId);
  if (!quote) throw new NotFoundError('Quote not found.');
  if (isFrozenQuote(quote.status)) throw quoteIsApproved();
  const version = await draftVersionOf(db, quoteId);
  if (version === undefined) throw noDraft();
  const before = (await loadVersions(db, quoteId, { sentOnly: false })).find((v) => v.version === version)!;
  const totals = await writeDraft(db, quoteId, version, draft);
  if (quote.current_version === null) {
    await db.updateTable('quotes').set({ description: draft.description, total: totals.total }).where('id', '=', quoteId).execute();
  }
  await audit(db, {
    actor: meta.actor,
    action: 'save-quote-draft',
    entity: 'quote',
    entityId: quoteId,
    before: { version, ...draftSummary(before, before.total) },
    after: { version, ...draftSummary(draft, totals.total) },
    ip: meta.ip,
  });
}
