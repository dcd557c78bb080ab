import type { Locale } from '../../../contracts/locale';
import { numberFormat } from '../format';

/** A quantity as typed ("2.50" -> "2.5", "1000" -> "1,000"); Intl reads the decimal string exactly. */
export const formatQuantity = (quantity: string, locale: Locale): string =>
  numberFormat(locale, 'quantity', { maximumFractionDigits: 2 }).format(quantity as Intl.StringNumericLiteral);

/** A tax rate in percent ("8.250" -> "8.25%" / "8,25 %" as each language writes it). */
export const formatTaxRate = (rate: string, locale: Locale): string =>
  numberFormat(locale, 'tax-rate', { maximumFractionDigits: 3 }).format(rate as Intl.StringNumericLiteral) + '%';

// One rule for the customer's and the office's screens and the PDF (issue 22: the office showed the unsigned figures).
export { lineChoice, versionFigures, type LineChoice } from '../quotes/figures';

/** The first characters of a content hash, as printed under a signature. */
export const shortHash = (hash: string): string => hash.slice(0, 16);
