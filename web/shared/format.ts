import type { Locale } from '../../contracts/locale';

const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/**
 * Dollars with cents, in the active language, per Intl. The API's exact decimal string goes to Intl
 * as it is (Intl reads decimal strings exactly), never through a binary float (domain/money.ts).
 */
export function formatMoney(amount: number | string, locale: Locale): string {
  const value = typeof amount === 'string' ? (amount as Intl.StringNumericLiteral) : amount;
  return new Intl.NumberFormat(intlLocale[locale], { style: 'currency', currency: 'USD' }).format(value);
}

/** A calendar date (no time), e.g. Nov 22, 2026 / 22 nov 2026. Date-only strings are read as that day, not UTC midnight. */
export function formatDate(value: string | Date, locale: Locale): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  return new Intl.DateTimeFormat(intlLocale[locale], { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** A moment with its time of day, e.g. Nov 22, 2026, 3:05 PM / 22 nov 2026, 15:05 (the browser's time zone). */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(value));
}
