/**
 * Money travels as an exact decimal string with two places ("1234.50"), as PostgreSQL's numeric(12,2)
 * gives it: never through binary floating point, so cents stay exact on the server, in the browser
 * (Intl formats the string itself) and in the PDF.
 *
 * Arithmetic is done on BigInt in fixed units: cents for money, hundredths for a quantity,
 * thousandths of a percent for a tax rate. Rounding is half away from zero, exactly as PostgreSQL's
 * round(numeric, 2), so the database's CHECK constraints hold the same rule as this code.
 */
export const MONEY_PATTERN = /^-?\d+\.\d{2}$/;

/**
 * A numeric(12,2) as the database sends it: a string with two decimals ("1234.50"), kept exactly.
 * There is no float path: a number (a driver that parsed the column) is refused, not rounded with
 * toFixed, and so is any other text.
 */
export function moneyFromNumeric(value: string): string {
  if (typeof value !== 'string') throw new TypeError(`money must arrive as numeric text, not as ${typeof value}`);
  if (!MONEY_PATTERN.test(value)) throw new TypeError(`not an amount with two decimals: ${JSON.stringify(value)}`);
  return value;
}

/**
 * What a person types: up to 2 decimals for a unit price and a quantity, up to 3 for a tax rate in
 * percent. No negative prices: a discount is a lower price, so the largest subtotal is the one with
 * every optional line, and amounts can be checked against numeric(12,2) before they are stored.
 */
export const MONEY_INPUT_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;
export const QUANTITY_PATTERN = /^\d{1,7}(\.\d{1,2})?$/;
export const TAX_RATE_PATTERN = /^\d{1,3}(\.\d{1,3})?$/;

/** The largest amount numeric(12,2) holds: 9,999,999,999.99. */
export const MAX_CENTS = 999_999_999_999n;

/** "12.5" with `places` decimals at most -> 1250n (for places = 2). Throws on anything else. */
export function toUnits(value: string, places: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match || (match[3] ?? '').length > places) throw new RangeError(`not a decimal with at most ${places} places: "${value}"`);
  const units = BigInt(match[2]! + (match[3] ?? '').padEnd(places, '0'));
  return match[1] ? -units : units;
}

/** 1250n with 2 places -> "12.50". */
export function fromUnits(units: bigint, places: number): string {
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(places + 1, '0');
  return places === 0 ? sign + digits : `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

export const parseCents = (money: string): bigint => toUnits(money, 2);
export const formatCents = (cents: bigint): string => fromUnits(cents, 2);
/** A money string as numeric(12,2) would give it back: "12.5" -> "12.50". */
export const normalizeMoney = (money: string): string => formatCents(parseCents(money));
export const normalizeQuantity = (quantity: string): string => fromUnits(toUnits(quantity, 2), 2);
export const normalizeTaxRate = (rate: string): string => fromUnits(toUnits(rate, 3), 3);

/** numerator / denominator rounded half away from zero (PostgreSQL's round), denominator > 0. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return numerator < 0n ? -rounded : rounded;
}

/** quantity × unit price, rounded half away from zero to cents: round(quantity * unit_price, 2). */
export function lineTotalCents(quantity: string, unitPrice: string): bigint {
  // hundredths × cents = 1/10000 of a dollar; 100 of them make a cent.
  return divideRounded(toUnits(quantity, 2) * parseCents(unitPrice), 100n);
}
export const lineTotal = (quantity: string, unitPrice: string): string => formatCents(lineTotalCents(quantity, unitPrice));

/** subtotal × rate % rounded half away from zero to cents: round(subtotal * tax_rate / 100, 2). */
export function taxCents(subtotal: bigint, taxRate: string): bigint {
  // cents × thousandths of a percent: 100,000 of them make a cent.
  return divideRounded(subtotal * toUnits(taxRate, 3), 100_000n);
}

export interface PricedLine {
  quantity: string;
  unitPrice: string;
  optional: boolean;
}

export interface Totals {
  subtotal: string;
  tax: string;
  total: string;
}

/**
 * The quote's figures: the subtotal sums the required lines, plus the optional lines for which
 * `includeOptional` says yes (the lines a customer chose when approving); tax on that subtotal.
 * The database holds the same rule (quote_versions' CHECKs, quote_approval_guard in
 * server/platform/db/sql/quote-freeze.sql); server/platform/db/rules-parity.api.test.ts runs both.
 */
export function quoteTotals(
  lines: readonly PricedLine[],
  taxRate: string,
  includeOptional: (index: number) => boolean = () => false,
): Totals {
  const subtotal = lines.reduce(
    (sum, line, index) => (!line.optional || includeOptional(index) ? sum + lineTotalCents(line.quantity, line.unitPrice) : sum),
    0n,
  );
  const tax = taxCents(subtotal, taxRate);
  return { subtotal: formatCents(subtotal), tax: formatCents(tax), total: formatCents(subtotal + tax) };
}

/** Whether an amount fits numeric(12,2). */
export const fitsNumeric12 = (cents: bigint): boolean => cents <= MAX_CENTS && cents >= -MAX_CENTS;

/**
 * The first amount of these lines (a line total, the subtotal with every optional line, or its
 * total) that numeric(12,2) cannot hold, or undefined when all fit. With no negative price, that
 * subtotal is the largest any choice of optional lines can give.
 */
export function firstAmountTooLarge(lines: readonly PricedLine[], taxRate: string): string | undefined {
  let all = 0n;
  for (const line of lines) {
    const cents = lineTotalCents(line.quantity, line.unitPrice);
    if (!fitsNumeric12(cents)) return formatCents(cents);
    all += cents;
  }
  const total = all + taxCents(all, taxRate);
  if (!fitsNumeric12(all)) return formatCents(all);
  return fitsNumeric12(total) ? undefined : formatCents(total);
}
