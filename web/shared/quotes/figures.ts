import type { QuoteDecisionView, QuoteLineView, QuoteVersionView } from '../../../contracts/quote-document';
import { quoteTotals, type Totals } from '../../../domain/money';

/** Whether a line counts in the figures: required lines always, optional ones once chosen in an approval. */
export type LineChoice = 'required' | 'optional' | 'chosen' | 'notChosen';

export function lineChoice(line: QuoteLineView, decision: QuoteDecisionView | null | undefined): LineChoice {
  if (!line.optional) return 'required';
  if (decision?.decision !== 'Approved') return 'optional';
  return decision.optionalItemIds.includes(line.id) ? 'chosen' : 'notChosen';
}

/**
 * The figures a version shows, on every screen (the customer's and the office's) and in the PDF alike:
 * the version's own (required lines) until it is approved, then those of the required and chosen
 * optional lines, whose total is the signed total (domain/money.ts, exact, the same rule the server
 * signed with).
 */
export function versionFigures(version: QuoteVersionView, decision: QuoteDecisionView | null | undefined): Totals {
  if (decision?.decision !== 'Approved') return { subtotal: version.subtotal, tax: version.tax, total: version.total };
  const chosen = new Set(decision.optionalItemIds);
  return quoteTotals(version.lines, version.taxRate, (i) => chosen.has(version.lines[i]!.id));
}
