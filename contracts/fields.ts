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
