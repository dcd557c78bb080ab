import type { QuoteStatusEntry } from '../../../../contracts/customer/quotes';

interface QuoteFacts {
  status: string;
  history: QuoteStatusEntry[];
  /** The latest revision request (GET /api/quotes/:id carries it; the list does not). */
  revisionRequestedAt?: string | null | undefined;
}

/**
 * When the customer's revision request still stands, so the quote can say 'Revision requested on
 * {date}': a quote in 'Revision Requested' (its request, or the log's entry), or any other quote
 * (Approved, Declined, a status put in with SQL) whose latest request came after its last status
 * change. Not a status-history entry: that list shows the status log only.
 */
export function pendingRevisionAt(quote: QuoteFacts): { at: string; waitingForOffice: boolean } | null {
  const logged = quote.history.findLast((h) => h.status === 'Revision Requested')?.timestamp;
  if (quote.status === 'Revision Requested') {
    const at = quote.revisionRequestedAt ?? logged;
    return at ? { at, waitingForOffice: true } : null;
  }
  const asked = quote.revisionRequestedAt;
  if (!asked) return null;
  const lastChange = quote.history.at(-1)?.timestamp;
  if (lastChange && Date.parse(lastChange) > Date.parse(asked)) return null;
  return { at: asked, waitingForOffice: false };
}
