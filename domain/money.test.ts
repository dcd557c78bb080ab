import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideRounded, firstAmountTooLarge, fromUnits, lineTotal, normalizeMoney, quoteTotals, taxCents, toUnits } from './money';

/**
 * An independent reference: decimal digit strings, rounded by reading the first dropped digit
 * (half away from zero), the way one rounds on paper. It shares no code with money.ts.
 */
function paperRound(sign: 1 | -1, digits: bigint, scale: number, to: number): string {
  const text = digits.toString().padStart(scale + 1, '0');
  const kept = text.slice(0, text.length - (scale - to));
  const firstDropped = Number(text[text.length - (scale - to)] ?? '0');
  const rounded = BigInt(kept) + (firstDropped >= 5 ? 1n : 0n);
  const out = rounded.toString().padStart(to + 1, '0');
  const value = `${out.slice(0, -to)}.${out.slice(-to)}`;
  return sign < 0 && rounded !== 0n ? `-${value}` : value;
}
const digitsOf = (decimal: string, scale: number) => {
  const [whole, frac = ''] = decimal.replace('-', '').split('.');
  return BigInt(whole! + frac.padEnd(scale, '0'));
};
const paperLineTotal = (qty: string, price: string) =>
  paperRound(price.startsWith('-') ? -1 : 1, digitsOf(qty, 2) * digitsOf(price, 2), 4, 2);
const paperTax = (subtotal: string, rate: string) =>
  // subtotal (2 places) × rate (3 places) / 100 = 7 places
  paperRound(subtotal.startsWith('-') ? -1 : 1, digitsOf(subtotal, 2) * digitsOf(rate, 3), 7, 2);
const paperAdd = (a: string, b: string) =>
  fromUnits(digitsOf(a, 2) * (a.startsWith('-') ? -1n : 1n) + digitsOf(b, 2) * (b.startsWith('-') ? -1n : 1n), 2);

const decimal = (maxWhole: number, places: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxWhole }), fc.integer({ min: 0, max: 10 ** places - 1 }), fc.integer({ min: 0, max: places }))
    .map(([whole, frac, shown]) => (shown === 0 ? String(whole) : `${whole}.${String(frac).padStart(places, '0').slice(0, shown)}`));
export const quantityArb = decimal(9999, 2).filter((q) => toUnits(q, 2) > 0n);
export const priceArb = fc.oneof(decimal(99, 2), decimal(99_999, 2), decimal(9_999_999, 2));
export const rateArb = fc.oneof(fc.constant('0'), decimal(30, 3), fc.constant('100'));
export const lineArb = fc.record({ quantity: quantityArb, unitPrice: priceArb, optional: fc.boolean() });

describe('money arithmetic', () => {
  it('rounds half away from zero, like PostgreSQL round(numeric, 2)', () => {
    expect(lineTotal('0.5', '0.01')).toBe('0.01'); // 0.005 -> 0.01
    expect(lineTotal('0.5', '-0.01')).toBe('-0.01'); // -0.005 -> -0.01 (away from zero)
    expect(lineTotal('0.49', '0.01')).toBe('0.00');
    expect(lineTotal('3', '19.99')).toBe('59.97');
    expect(lineTotal('2.5', '10.01')).toBe('25.03'); // 25.025
    expect(formatTax('10.00', '8.25')).toBe('0.83'); // 0.825
    expect(formatTax('0.10', '5')).toBe('0.01'); // 0.005
    expect(divideRounded(-15n, 10n)).toBe(-2n);
    expect(divideRounded(14n, 10n)).toBe(1n);
  });

  it('never uses a float: amounts far beyond 2^53 cents stay exact', () => {
    expect(lineTotal('9999999.99', '9999999999.99')).toBe('99999999899900000.00');
    expect(normalizeMoney('0.1')).toBe('0.10');
    expect(() => toUnits('1.234', 2)).toThrow(RangeError);
    expect(() => toUnits('1e3', 2)).toThrow(RangeError);
  });

  it('line totals equal the paper reference on random quantities and prices (both signs)', () => {
    fc.assert(
      fc.property(quantityArb, priceArb, fc.boolean(), (qty, price, negative) => {
        const p = negative ? `-${price}` : price;
        expect(lineTotal(qty, p)).toBe(paperLineTotal(qty, p));
      }),
      { numRuns: 2000 },
    );
  });

  it('subtotal sums the required lines (and the chosen optional ones), tax and total follow', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { maxLength: 25 }),
        rateArb,
        fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
        (lines, rate, chosen) => {
          const required = quoteTotals(lines, rate);
          const approved = quoteTotals(lines, rate, (i) => chosen[i]!);
          const sum = (pick: (i: number) => boolean) =>
            lines.reduce((acc, l, i) => (!l.optional || pick(i) ? paperAdd(acc, paperLineTotal(l.quantity, l.unitPrice)) : acc), '0.00');
          for (const [totals, pick] of [
            [required, () => false],
            [approved, (i: number) => chosen[i]!],
          ] as const) {
            const subtotal = sum(pick);
            expect(totals.subtotal).toBe(subtotal);
            expect(totals.tax).toBe(paperTax(subtotal, rate));
            expect(totals.total).toBe(paperAdd(subtotal, paperTax(subtotal, rate)));
          }
          // Choosing optional lines never lowers the total (no negative prices).
          expect(toUnits(approved.total, 2) >= toUnits(required.total, 2)).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('says which amount numeric(12,2) could not hold', () => {
    expect(firstAmountTooLarge([{ quantity: '1', unitPrice: '9999999999.99', optional: false }], '0')).toBeUndefined();
    expect(firstAmountTooLarge([{ quantity: '1', unitPrice: '9999999999.99', optional: false }], '1')).toBe('10099999999.99');
    expect(firstAmountTooLarge([{ quantity: '2', unitPrice: '9999999999.99', optional: true }], '0')).toBe('19999999999.98');
  });
});

const formatTax = (subtotal: string, rate: string) => fromUnits(taxCents(toUnits(subtotal, 2), rate), 2);
