/**
 * Money travels as an exact decimal string with two places ("1234.50"), as PostgreSQL's numeric(12,2)
 * gives it: never through binary floating point, so cents stay exact on the server, in the browser
 * (Intl formats the string itself) and in the PDF.
 */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

/** numeric(12,2) arrives as a string; a driver that parsed it to a number is put back to two places. */
export const moneyFromNumeric = (value: string | number): string => (typeof value === 'number' ? value.toFixed(2) : value);
