import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteDraftSchema } from '../../../../contracts/office/quotes';
import { quoteTotals } from '../../../../domain/money';
import {
  cleanAmount,
  cleanRate,
  draftBody,
  emptyForm,
  fieldErrors,
  formFromVersion,
  formSnapshot,
  liveLineTotal,
  liveTotals,
  moveItem,
  newRowId,
  trimZeros,
  type EditorLine,
  depositValid,
} from './editor-form';

/** Paper rounding, written apart from domain/money.ts: the exact product in 1/10000 dollars, half a cent and up rounds up. */
const paperCents = (quantityHundredths: bigint, priceCents: bigint) => {
  const exact = quantityHundredths * priceCents;
  return exact / 100n + (exact % 100n >= 50n ? 1n : 0n);
};
const paperTax = (subtotalCents: bigint, rateThousandths: bigint) => {
  const exact = subtotalCents * rateThousandths; // in 1/100000 cents
  return exact / 100_000n + (exact % 100_000n >= 50_000n ? 1n : 0n);
};
const dollars = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;

const arbQuantity = fc.bigInt({ min: 1n, max: 9_999_99n }); // up to 9,999.99
const arbPrice = fc.bigInt({ min: 0n, max: 999_999n }); // up to $9,999.99, so a dozen lines stay in numeric(12,2)
const arbRate = fc.bigInt({ min: 0n, max: 100_000n });
const asTyped = (units: bigint, places: number) => {
  const s = units.toString().padStart(places + 1, '0');
  return `${s.slice(0, -places)}.${s.slice(-places)}`;
};
const withCommas = (plain: string) => {
  const [whole, fraction] = plain.split('.');
  return `$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === undefined ? '' : `.${fraction}`}`;
};
const line = (quantity: string, unitPrice: string, optional = false): EditorLine => ({
  rowId: newRowId(),
  description: 'x',
  quantity,
  unitPrice,
  optional,
});

describe('live figures in the quote editor', () => {
  it('match paper rounding for any quantity (2 decimals), unit price (cents) and tax rate (3 decimals), optional lines left out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: arbQuantity, p: arbPrice, optional: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        arbRate,
        (lines, rate) => {
          const typed = lines.map((l) => line(asTyped(l.q, 2), asTyped(l.p, 2), l.optional));
          const subtotal = lines.filter((l) => !l.optional).reduce((sum, l) => sum + paperCents(l.q, l.p), 0n);
          const tax = paperTax(subtotal, rate);
          expect(liveTotals(typed, asTyped(rate, 3))).toEqual({
            subtotal: dollars(subtotal),
            tax: dollars(tax),
            total: dollars(subtotal + tax),
          });
          typed.forEach((t, i) => expect(liveLineTotal(t)).toBe(dollars(paperCents(lines[i]!.q, lines[i]!.p))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('are what the server computes from the body the editor sends (the same schema, the same domain/money.ts)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ q: arbQuantity, p: arbPrice, optional: fc.boolean() }), { maxLength: 8 }),
        arbRate,
        (lines, rate) => {
          const form = {
            ...emptyForm(),
            lines: lines.map((l) => line(withCommas(asTyped(l.q, 2)), withCommas(asTyped(l.p, 2)), l.optional)),
          };
          form.taxRate = `${asTyped(rate, 3)} %`;
          const parsed = quoteDraftSchema.parse(draftBody(form));
          expect(liveTotals(form.lines, form.taxRate)).toEqual(quoteTotals(parsed.lines, parsed.taxRate));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('wait for valid figures: an unfinished required line or rate shows no totals; an unfinished optional line is left out', () => {
    expect(liveLineTotal(line('2', ''))).toBeNull();
    expect(liveLineTotal(line('0', '5'))).toBeNull();
    expect(liveLineTotal(line('1.234', '5'))).toBeNull();
    expect(liveLineTotal(line('2', '5.001'))).toBeNull();
    expect(liveLineTotal(line('2', '-5'))).toBeNull();
    expect(liveTotals([line('1', '10'), line('2', 'abc')], '0')).toBeNull();
    expect(liveTotals([line('1', '10'), line('2', 'abc', true)], '10')).toEqual({ subtotal: '10.00', tax: '1.00', total: '11.00' });
    expect(liveTotals([line('1', '10')], '100.001')).toBeNull();
    expect(liveTotals([line('1', '10')], '8.2501')).toBeNull();
    expect(liveTotals([line('1', '10')], '')).toEqual({ subtotal: '10.00', tax: '0.00', total: '10.00' });
    expect(liveTotals([], '8.25')).toEqual({ subtotal: '0.00', tax: '0.00', total: '0.00' });
    // Larger than numeric(12,2) holds: no figure rather than a wrong one.
    expect(liveTotals([line('9999999', '9999999999.99')], '0')).toBeNull();
  });

  it('round half up at the cent: 2.5 × $35.01 = $87.53 (87.525), 8.25 % of $250.00 = $20.63 (20.625)', () => {
    expect(liveLineTotal(line('2.5', '35.01'))).toBe('87.53');
    expect(liveTotals([line('20', '12.50')], '8.25')).toEqual({ subtotal: '250.00', tax: '20.63', total: '270.63' });
  });
});

describe('what the editor reads from typed amounts', () => {
  it('drops a leading $, spaces and thousands commas, and nothing else', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999_99n }), (cents) => {
        const plain = asTyped(cents, 2);
        expect(cleanAmount(withCommas(plain))).toBe(plain);
        expect(cleanAmount(` ${plain} `)).toBe(plain);
      }),
    );
    expect(cleanAmount('$ 1,234')).toBe('1234');
    expect(cleanAmount('12,5')).toBe('12,5'); // a decimal comma is refused by the contract, not turned into 125
    expect(cleanAmount('1,23,456')).toBe('1,23,456');
    expect(cleanAmount('-5')).toBe('-5');
    expect(cleanRate(' 8.25 %')).toBe('8.25');
    expect(cleanRate('8.25%')).toBe('8.25');
  });

  it('shows stored figures without trailing zeros, keeping their value', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 9_999_999_999n }), fc.integer({ min: 2, max: 3 }), (units, places) => {
        const stored = asTyped(units, places);
        const shown = trimZeros(stored);
        expect(shown).not.toMatch(/\.$|\.\d*0$/);
        const [w, f = ''] = shown.split('.');
        expect(BigInt(w! + f.padEnd(places, '0'))).toBe(units);
      }),
    );
    expect(trimZeros('20.00')).toBe('20');
    expect(trimZeros('8.250')).toBe('8.25');
    expect(trimZeros('100')).toBe('100');
  });
});

describe('the editor form', () => {
  it('moves a line up or down, keeping every line once', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 20 }), fc.nat(25), fc.nat(25), (list, from, to) => {
        const moved = moveItem(list, from, to);
        expect([...moved].sort()).toEqual([...list].sort());
        if (from < list.length && to < list.length) {
          expect(moved[to]).toBe(list[from]);
          expect(moveItem(moved, to, from)).toEqual(list);
        } else expect(moved).toEqual(list);
      }),
    );
  });

  it('starts from a stored version with its line keys, and sends them back', () => {
    const form = formFromVersion({
      version: 2,
      description: 'Deck',
      subtotal: '250.00',
      taxRate: '8.250',
      tax: '20.63',
      total: '270.63',
      validUntil: '2099-01-31',
      terms: 'Half up front.',
      sentAt: null,
      lines: [
        {
          id: 7,
          key: 'k1',
          position: 1,
          description: 'Boards',
          quantity: '20.00',
          unitPrice: '12.50',
          lineTotal: '250.00',
          optional: false,
        },
      ],
    });
    expect(draftBody(form)).toEqual({
      description: 'Deck',
      lines: [{ key: 'k1', description: 'Boards', quantity: '20', unitPrice: '12.50', optional: false }],
      taxRate: '8.25',
      validUntil: '2099-01-31',
      terms: 'Half up front.',
    });
    expect(formSnapshot({ ...form, lines: form.lines.map((l) => ({ ...l, rowId: 'other' })) })).toBe(formSnapshot(form));
    expect(formSnapshot({ ...form, terms: 'Changed' })).not.toBe(formSnapshot(form));
  });

  it('starts a new quote with one empty line, valid for 30 days', () => {
    const form = emptyForm(new Date(2026, 11, 15));
    expect(form.validUntil).toBe('2027-01-14');
    expect(form.lines).toHaveLength(1);
  });

  it("puts the contract's messages next to their fields", () => {
    const result = quoteDraftSchema.safeParse(
      draftBody({
        ...emptyForm(),
        lines: [line('1', '10'), { ...line('1.234', '5'), description: '' }],
        taxRate: '101',
      }),
    );
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!.issues)).toEqual({
      'lines.1.description': 'Each line needs a description.',
      'lines.1.quantity': 'Quantity: a number with at most 2 decimals.',
      taxRate: 'Tax rate: at most 100 %.',
    });
  });

  it("sends the deposit as a whole percentage; blank leaves it to the server (the company's default on a new quote)", () => {
    const form = { ...emptyForm(), lines: [line('1', '10')] };
    expect(draftBody(form)).not.toHaveProperty('depositPercent');
    expect(draftBody({ ...form, depositPercent: ' 30 % ' }).depositPercent).toBe(30);
    expect(draftBody({ ...form, depositPercent: '0' }).depositPercent).toBe(0);
    expect(depositValid('100')).toBe(true);
    expect(depositValid('101')).toBe(false);
    expect(depositValid('12.5')).toBe(false);
    expect(depositValid('abc')).toBe(false);
    const stored = {
      version: 1,
      description: '',
      subtotal: '0.00',
      taxRate: '0.000',
      tax: '0.00',
      total: '0.00',
      validUntil: null,
      terms: '',
      sentAt: null,
      lines: [],
    };
    expect(formFromVersion({ ...stored, depositPercent: 25 }).depositPercent).toBe('25');
    expect(formFromVersion(stored).depositPercent).toBe('');
  });
});
