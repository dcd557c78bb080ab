import { z } from 'zod';
import { MONEY_PATTERN } from '../domain/money';

/** A record's id in a path (/api/work-orders/:id/cancel): a positive whole number. */
export const idParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** The one answer (400) to a malformed id, whatever the resource; 404 stays for "not yours / not there". */
export const BAD_ID_MESSAGE = 'The id must be a positive whole number.';

/** Dollars with exactly two decimals ("1234.50"); see domain/money.ts. */
export const moneySchema = z.string().regex(MONEY_PATTERN, 'a decimal with two places');

/** Largest value of a PostgreSQL integer (int4) column, e.g. a quote's version number. */
export const INT4_MAX = 2_147_483_647;

/**
 * Years a date or time the portal takes in may have. z.iso accepts year 0000, which PostgreSQL
 * refuses (there is no year 0), and years no schedule or filter means; see
 * docs/decisions/121-input-date-range.md.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
export const DATE_RANGE_MESSAGE = `Use a date between ${FIRST_YEAR} and ${LAST_YEAR}.`;
/** Text not shaped like a date passes here: the format's own message says what is wrong with it. */
const yearInRange = (text: string) => {
  const year = /^(\d{4})-/.exec(text)?.[1];
  return year === undefined || (Number(year) >= FIRST_YEAR && Number(year) <= LAST_YEAR);
};

/** A calendar day (YYYY-MM-DD) in the sane range. */
export const calendarDay = (message: string) => z.iso.date(message).refine(yearInRange, DATE_RANGE_MESSAGE);

/** A moment (ISO 8601 with time zone) in the sane range. */
export const instant = () => z.iso.datetime().refine(yearInRange, DATE_RANGE_MESSAGE);
