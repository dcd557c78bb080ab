import { intlLocale, type Locale } from '../../contracts/locale';

/** A decimal amount as the API writes it: "1234.50", "-0.05" (no exponent, no grouping). */
export type DecimalString = string;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Making an Intl formatter costs far more than using it (a PDF or a list formats hundreds of figures):
 * each one is made once per language, options and time zone, and kept. `key` names the options; the
 * browser's own zone (no company zone set) is keyed as ''.
 */
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
export function numberFormat(locale: Locale, key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const id = `n|${locale}|${key}`;
  let format = formats.get(id) as Intl.NumberFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.NumberFormat(intlLocale[locale], options)));
  return format;
}
export function dateTimeFormat(locale: Locale, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `d|${locale}|${key}|${options.timeZone ?? ''}`;
  let format = formats.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) formats.set(id, (format = new Intl.DateTimeFormat(intlLocale[locale], options)));
  return format;
}

const MONEY: Intl.NumberFormatOptions = { style: 'currency', currency: 'USD' };
const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const MOMENT: Intl.DateTimeFormatOptions = { ...DAY, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/**
 * Dollars with cents, in the active language, per Intl. Only the API's exact decimal string is taken,
 * and it goes to Intl as it is (Intl reads decimal strings exactly): there is no binary float path
 * (domain/money.ts). A number, or text that is not a decimal, is refused.
 */
export function formatMoney(amount: DecimalString, locale: Locale): string {
  if (typeof amount !== 'string' || !DECIMAL.test(amount))
    throw new TypeError(`formatMoney takes a decimal string, not ${JSON.stringify(amount)}`);
  return numberFormat(locale, 'money', MONEY).format(amount as Intl.StringNumericLiteral);
}

/**
 * One clock for both apps: every moment a person reads is in the company's time zone
 * (COMPANY_TIMEZONE, from /api/config), wherever the browser is. Each app sets it when its config
 * arrives (before its screens render); until then the browser's zone is used, and still named.
 */
let companyTimeZone: string | undefined;
export function setCompanyTimeZone(timeZone: string | undefined): void {
  companyTimeZone = timeZone;
}

/**
 * A calendar date (no time), e.g. Nov 22, 2026 / 22 nov 2026. Date-only strings are read as that day,
 * not UTC midnight; a moment is the day it was in the company's time zone.
 */
export function formatDate(value: string | Date, locale: Locale): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dateTimeFormat(locale, 'day', { ...DAY, timeZone: 'UTC' }).format(new Date(`${value}T12:00:00Z`));
  }
  return dateTimeFormat(locale, 'day', { ...DAY, timeZone: companyTimeZone }).format(new Date(value));
}

/**
 * A moment with its time of day in the company's time zone, which it names (the reader may be
 * elsewhere): Nov 22, 2026, 3:05 PM CST / 22 nov 2026, 3:05 p.m. CST.
 */
export function formatDateTime(value: string | Date, locale: Locale): string {
  return dateTimeFormat(locale, 'moment', { ...MOMENT, timeZone: companyTimeZone }).format(new Date(value));
}
