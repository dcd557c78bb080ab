import { sql } from 'kysely';
import type { QuoteDecided } from '../../../contracts/customer/quotes';
import { NotFoundError } from '../../../domain/errors';
import { quoteTotals } from '../../../domain/money';
import { effectiveStatus, quoteChanged, quoteExpired } from '../../../domain/quotes/statuses';
import { ownedBy, type Db } from '../../platform/db/customer-scope';
import type { RequestMeta } from '../../platform/http/request-meta';
import { enqueueMail } from '../../platform/mail/outbox';
import { officeQuoteDecisionMail } from './mail';
import { toLocale } from '../../../contracts/locale';
import { approvalCopyMail } from './approval-copy-mail';
import { companyToday } from './company-day';
import { loadDecisions, publicDecision } from './decisions-repository';
import { findOwnedQuote } from './get-customer-quote';
import { loadVersions } from './versions-repository';

export interface DecisionInput {
  quoteId: number;
  version: number;
  decision: 'Approved' | 'Declined';
  customer: { email: string; name: string; locale?: string };
  /** Approve: the typed full name and the chosen optional lines (quote_line_items ids). */
  signerName?: string;
  optionalItemIds?: number[];
  /** Decline: the reason, if given. */
  reason?: string | null;
  officeEmail: string;
  officeUrl: string;
  /** The customer's page of the quote, linked from their copy of an approval. */
  customerUrl: string;
  company: string;
  /** The company's time zone (COMPANY_TIMEZONE): valid-until is a day there. */
  timeZone: string;
}

/**
 * Approve or decline, in the customer's scope and one transaction. ONE conditional UPDATE decides:
 * the quote must still be Sent, at the version the customer saw, and not past its valid-until day.
 * Of two approvals, or an approval racing the office sending a new version, exactly one changes the
 * row (the other waits on its lock, then finds the condition false) and the loser gets the spec's
 * 409. The decision is stored with the version's content hash and the signed total; the office is
 * e-mailed.
 */
export async function decideQuote(db: Db, meta: RequestMeta, input: DecisionInput): Promise<QuoteDecided> {
  const { quoteId, version, customer } = input;
  const won = await db
    .updateTable('quotes')
    .set({ status: input.decision })
    .where('id', '=', quoteId)
    .where(ownedBy(customer.email, 'quotes.email'))
    .where('status', '=', 'Sent')
    .where('current_version', '=', version)
    .where(sql<boolean>`quote_listed_status(status, valid_until, ${companyToday(input.timeZone)}) = 'Sent'`)
    .returning('id')
    .executeTakeFirst();
  if (!won) throw await whyRefused(db, input);

  const sent = (await loadVersions(db, quoteId, { sentOnly: true })).find((v) => v.version === version)!;
  const chosen = new Set(input.optionalItemIds ?? []);
  const optionalIds = new Set(sent.lines.filter((l) => l.optional).map((l) => l.id));
  // Lines of another version: the customer's page is out of date.
  if ([...chosen].some((id) => !optionalIds.has(id))) throw quoteChanged();
  const approved = input.decision === 'Approved';
  const totals = approved ? quoteTotals(sent.lines, sent.taxRate, (i) => chosen.has(sent.lines[i]!.id)) : null;
  const total = totals?.total ?? null;
  await db
    .insertInto('quote_approvals')
    .values({
      quote_id: quoteId,
      version,
      decision: input.decision,
      signer_name: approved ? (input.signerName ?? null) : null,
      reason: approved ? null : (input.reason ?? null),
      optional_item_ids: `{${approved ? [...chosen].join(',') : ''}}`,
      total,
      ip: meta.ip,
      user_agent: meta.userAgent,
      content_hash: sent.contentHash!,
    })
    .execute();
  await enqueueMail(db, {
    kind: approved ? 'quote-approved' : 'quote-declined',
    to: input.officeEmail,
    replyTo: customer.email,
    ...officeQuoteDecisionMail({
      quoteId,
      version,
      decision: input.decision,
      customerName: customer.name,
      customerEmail: customer.email,
      total,
      signerName: input.signerName ?? null,
      chosenOptional: sent.lines.filter((l) => chosen.has(l.id)).map((l) => l.description),
      reason: input.reason ?? null,
      officeUrl: input.officeUrl,
    }),
  });
  if (totals) {
    const facts = { ...totals, company: input.company, quoteId, version, description: sent.description ?? '', url: input.customerUrl };
    const chosenOptional = sent.lines.filter((l) => chosen.has(l.id)).map((l) => l.description);
    await enqueueMail(
      db,
      approvalCopyMail(customer.email, toLocale(customer.locale), { ...facts, signerName: input.signerName ?? '', chosenOptional }),
    );
  }
  const stored = (await loadDecisions(db, quoteId)).find((d) => d.version === version)!;
  return { status: input.decision, decision: publicDecision(stored) };
}

/** Why the conditional UPDATE changed nothing: not theirs (404), another version or status, or expired (409). */
async function whyRefused(db: Db, input: DecisionInput) {
  const quote = await findOwnedQuote(db, input.quoteId, input.customer.email, input.timeZone);
  if (!quote) return new NotFoundError('Quote not found.');
  if (quote.current_version !== input.version) return quoteChanged();
  const expired = effectiveStatus('Sent', quote.valid_until, quote.today) === 'Expired';
  if (expired && (quote.status === 'Sent' || quote.status === 'Expired')) return quoteExpired();
  return quoteChanged();
}
