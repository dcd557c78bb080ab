import { afterEach, describe, expect, it } from 'vitest';
import { dateTimeFormat, formatDate, formatDateTime, formatMoney, numberFormat, setCompanyTimeZone } from './format';

describe('formatMoney', () => {
  it('shows the API’s decimal string exactly, in each language', () => {
    expect(formatMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(formatMoney('9999999999.99', 'en')).toBe('$9,999,999,999.99');
    expect(formatMoney('0.10', 'es').replace(/\s/g, ' ')).toMatch(/0[.,]10/);
  });

  it('refuses a number (no binary float path) and text that is not a decimal', () => {
    // @ts-expect-error a number is not accepted by the type either
    expect(() => formatMoney(0.1 + 0.2, 'en')).toThrow(TypeError);
    for (const text of ['1e3', '', '1,000.00', 'NaN', ' 1.00']) expect(() => formatMoney(text, 'en')).toThrow(TypeError);
  });
});

describe('one clock: times in the company’s time zone, named', () => {
  afterEach(() => setCompanyTimeZone(undefined));

  it('shows a moment in COMPANY_TIMEZONE with its zone, in each language, whatever the browser’s zone', () => {
    setCompanyTimeZone('America/Chicago');
    expect(formatDateTime('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 22, 2026, 3:05 PM CST');
    expect(formatDateTime('2026-07-04T15:30:00.000Z', 'en')).toBe('Jul 4, 2026, 10:30 AM CDT');
    expect(formatDateTime('2026-11-22T21:05:00.000Z', 'es').replace(/\s/g, ' ')).toMatch(/^22 nov 2026, 3:05 p\. ?m\. CST$/);
    setCompanyTimeZone('Europe/Madrid');
    expect(formatDateTime('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 22, 2026, 10:05 PM GMT+1');
  });

  it('a moment’s date is the company’s day; a calendar date stays that day', () => {
    setCompanyTimeZone('America/Chicago');
    // 03:00 UTC on the 23rd is still the evening of the 22nd in Chicago.
    expect(formatDate('2026-11-23T03:00:00.000Z', 'en')).toBe('Nov 22, 2026');
    expect(formatDate('2026-11-23', 'en')).toBe('Nov 23, 2026');
    setCompanyTimeZone('Pacific/Auckland');
    expect(formatDate('2026-11-23', 'en')).toBe('Nov 23, 2026');
  });
});

describe('formatters made once (making an Intl formatter costs more than using it)', () => {
  afterEach(() => setCompanyTimeZone(undefined));

  it('keeps one per language and options, and the languages apart', () => {
    expect(numberFormat('en', 'quantity', { maximumFractionDigits: 2 })).toBe(numberFormat('en', 'quantity', { maximumFractionDigits: 2 }));
    expect(numberFormat('es', 'quantity', { maximumFractionDigits: 2 })).not.toBe(
      numberFormat('en', 'quantity', { maximumFractionDigits: 2 }),
    );
    expect(formatMoney('1234.50', 'en')).toBe('$1,234.50');
    expect(formatMoney('1234.50', 'en')).toBe('$1,234.50');
  });

  it('keeps one per time zone: a company zone set later is used at once', () => {
    const utc = { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en', 'day', utc)).toBe(dateTimeFormat('en', 'day', utc));
    expect(dateTimeFormat('en', 'day', { ...utc, timeZone: 'America/Chicago' })).not.toBe(dateTimeFormat('en', 'day', utc));
    setCompanyTimeZone('America/Chicago');
    expect(formatDateTime('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 22, 2026, 3:05 PM CST');
    setCompanyTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 23, 2026, 6:05 AM GMT+9');
    expect(formatDate('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 23, 2026');
    setCompanyTimeZone('America/Chicago');
    expect(formatDate('2026-11-22T21:05:00.000Z', 'en')).toBe('Nov 22, 2026');
  });
});
