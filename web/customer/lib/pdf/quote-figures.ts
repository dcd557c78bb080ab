import type { QuoteDecisionView, QuoteLineView, QuoteVersionView } from '../../../../contracts/quote-document';
import type { Locale } from '../../../../contracts/locale';
import { quoteTotals, type Totals } from '../../../../domain/money';

const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** A quantity as typed ("2.50" -> "2.5", "1000" -> "1,000"); Intl reads the decimal string exactly. */
export const formatQuantity = (quantity: string, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 2 }).format(quantity as Intl.StringNumericLiteral);

/** A tax rate in percent ("8.250" -> "8.25%" / "8,25 %" as each language writes it). */
export const formatTaxRate = (rate: string, locale: Locale): string =>
  new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 3 }).format(rate as Intl.StringNumericLiteral) + '%';

/** Whether a line counts in the figures: required lines always, optional ones once chosen in an approval. */
export type LineChoice = 'required' | 'optional' | 'chosen' | 'notChosen';

export function lineChoice(line: QuoteLineView, decision: QuoteDecisionView | null): LineChoice {
  if (!line.optional) return 'required';
  if (decision?.decision !== 'Approved') return 'optional';
  return decision.optionalItemIds.includes(line.id) ? 'chosen' : 'notChosen';
}

/**
 * The figures a version shows, on the screen and in the PDF alike: the version's own (required lines)
 * until it is approved, then those of the required and chosen optional lines, whose total is the
 * signed total (domain/money.ts, exact, the same rule the server signed with).
 */
export function versionFigures(version: QuoteVersionView, decision: QuoteDecisionView | null): Totals {
  if (decision?.decision !== 'Approved') return { subtotal: version.subtotal, tax: version.tax, total: version.total };
  const chosen = new Set(decision.optionalItemIds);
  return quoteTotals(version.lines, version.taxRate, (i) => chosen.has(version.lines[i]!.id));
}

/** The first characters of a content hash, as printed under a signature. */
export const shortHash = (hash: string): string => hash.slice(0, 16);
