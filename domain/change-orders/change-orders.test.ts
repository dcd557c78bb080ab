import { describe, expect, it } from 'vitest';
import { applyChangeOrder, changeLinesBetween, changeOrderFigures, contractSubtotal, contractTotal } from './contract';
import { canonicalChangeOrder } from './canonical';
import { changeOrderListedStatus } from './statuses';
import type { ContractLine } from './types';

const line = (key: string, description: string, quantity: string, unitPrice: string, lineTotal: string): ContractLine => ({
  key,
  description,
  quantity,
  unitPrice,
  lineTotal,
});
const signed = [line('a', 'Demolition', '1', '500.00', '500.00'), line('b', 'Tile', '10', '12.50', '125.00')];

describe('what a change order changes (changeLinesBetween)', () => {
  it('finds an added line, a repriced one and a removed one, matched by key', () => {
    const changes = changeLinesBetween(signed, [
      { key: 'b', description: 'Tile', quantity: '10', unitPrice: '14.00' },
      { key: 'n', description: 'Drywall patch', quantity: '2.5', unitPrice: '33.33' },
    ]);
    expect(changes).toEqual([
      { ...line('b', 'Tile', '10', '14.00', '140.00'), change: 'changed', old: signed[1] },
      { ...line('n', 'Drywall patch', '2.5', '33.33', '83.33'), change: 'added', old: null },
      { ...signed[0]!, change: 'removed', old: null },
    ]);
  });

  it('sees no change when only the number format differs ("10" and "10.00")', () => {
    expect(
      changeLinesBetween(signed, [{ ...signed[0]! }, { key: 'b', description: 'Tile', quantity: '10.00', unitPrice: '12.5' }]),
    ).toEqual([]);
  });
});

describe('the figures, in cents', () => {
  it('adds the line changes to the subtotal and takes tax on the whole contract before and after', () => {
    const changes = changeLinesBetween(signed, [signed[0]!, { key: 'b', description: 'Tile', quantity: '10', unitPrice: '14.00' }]);
    // 625.00 at 8.25 % = 51.5625 -> 51.56; 640.00 -> 52.80
    expect(changeOrderFigures('625.00', '8.25', changes)).toEqual({
      subtotalBefore: '625.00',
      subtotalAfter: '640.00',
      totalBefore: '676.56',
      totalAfter: '692.80',
      amount: '16.24',
    });
  });

  it('gives a negative amount for a removed line, exact to the cent (0.1 + 0.2 is 0.30)', () => {
    const contract = [line('x', 'A', '1', '0.10', '0.10'), line('y', 'B', '1', '0.20', '0.20')];
    const changes = changeLinesBetween(contract, [contract[0]!]);
    expect(changeOrderFigures(contractSubtotal(contract), '0', changes).amount).toBe('-0.20');
    expect(contractSubtotal(contract)).toBe('0.30');
  });

  it('contract total = signed total + approved amounts', () => {
    expect(contractTotal('676.56', ['16.24', '-0.20'])).toBe('692.60');
    expect(contractTotal('0.10', [])).toBe('0.10');
  });
});

describe('the contract after approved change orders (applyChangeOrder)', () => {
  it('removes, reprices in place and appends added lines', () => {
    const changes = changeLinesBetween(signed, [
      { key: 'b', description: 'Tile', quantity: '10', unitPrice: '14.00' },
      { key: 'n', description: 'Paint', quantity: '1', unitPrice: '80' },
    ]);
    expect(applyChangeOrder(signed, changes)).toEqual([line('b', 'Tile', '10', '14.00', '140.00'), line('n', 'Paint', '1', '80', '80.00')]);
  });
});

describe('expiry and the content text', () => {
  it('is Expired only when Sent and past its answer-by day', () => {
    expect(changeOrderListedStatus('Sent', '2026-01-10', '2026-01-10')).toBe('Sent');
    expect(changeOrderListedStatus('Sent', '2026-01-10', '2026-01-11')).toBe('Expired');
    expect(changeOrderListedStatus('Approved', '2026-01-10', '2026-01-11')).toBe('Approved');
  });

  it('changes with any figure the signer saw, the old value of a changed line included', () => {
    const changes = changeLinesBetween(signed, [signed[0]!, { key: 'b', description: 'Tile', quantity: '10', unitPrice: '14.00' }]);
    const content = {
      quoteId: 1,
      number: 1,
      reason: 'r',
      addedDays: 0,
      answerBy: '2026-01-10',
      taxRate: '0',
      lines: changes,
      ...changeOrderFigures('625', '0', changes),
    };
    const other = { ...content, lines: [{ ...changes[0]!, old: { ...changes[0]!.old!, unitPrice: '12.51' } }] };
    expect(canonicalChangeOrder(content)).not.toBe(canonicalChangeOrder(other));
    expect(canonicalChangeOrder(content)).toBe(canonicalChangeOrder({ ...content, taxRate: '0.000' }));
  });
});
