import type { Locale } from '../../contracts/locale';

const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** Dollars with cents, in the active language: $1,234.50 / 1.234,50 US$ style per Intl. */
export function formatMoney(amount: number | string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: 'USD' }).format(Number(amount));
}

/** A calendar date (no time), e.g. Nov 22, 2026 / 22 nov 2026. Date-only strings are read as that day, not UTC midnight. */
export function formatDate(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return new Intl.DateTimeFormat(intlLocale[locale], { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}
