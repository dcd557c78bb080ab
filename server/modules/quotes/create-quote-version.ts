import { NotFoundError } from '../../../domain/errors';
import { isFrozenQuote } from '../../../domain/quotes/statuses';
import type { RequestMeta } from '../../platform/http/request-meta';
import type { Db } from '../../platform/db/customer-scope';
import { audit } from '../../platform/audit';
import { draftExists, quoteIsApproved } from './errors';
import { draftVersionOf, loadVersions, lockQuote, writeDraft } from './versions-repository';

/**
 * 'New version': draft n+1 starts as a copy of the current version, each line with its key, so
 * "what changed" can match the lines once it is sent. A quote put in with SQL (no version yet)
 * starts an empty version 1 with its description.
 */
export async function createQuoteVersion(db: Db, meta: RequestMeta, { quoteId }: { quoteId: number }): Promise<number> {
  const quote = await lockQuote(db, quoteId);
  if (!quote) throw new NotFoundError('Quote not found.');
  if (isFrozenQuote(quote.status)) throw quoteIsApproved();
  const existing = await draftVersionOf(db, quoteId);
  if (existing !== undefined) throw draftExists(existing);
  const versions = await loadVersions(db, quoteId, { sentOnly: false });
  const current = versions.find((v) => v.version === quote.current_version);
  const version = Math.max(0, ...versions.map((v) => v.version)) + 1;
  await db
    .insertInto('quote_versions')
    .values({ quote_id: quoteId, version, subtotal: '0', tax_rate: '0', tax: '0', total: '0', created_by: meta.actor })
    .execute();
  await writeDraft(db, quoteId, version, {
    description: current?.description ?? quote.description ?? '',
    lines: current?.lines ?? [],
    taxRate: current?.taxRate ?? '0',
    validUntil: current?.validUntil ?? null,
    terms: current?.terms ?? '',
    depositPercent: current?.depositPercent ?? 0,
  });
  await audit(db, {
    actor: meta.actor,
    action: 'new-quote-version',
    entity: 'quote',
    entityId: quoteId,
    before: { status: quote.status, currentVersion: quote.current_version },
    after: { draftVersion: version, copiedFrom: current?.version ?? null },
    ip: meta.ip,
  });
  return version;
}
