import { describe, expect, it } from 'vitest';
import { LimitReachedError, NotFoundError, WrongStateError } from './errors';
import { MONEY_PATTERN, moneyFromNumeric } from './money';
import { isCancellable, notCancellable } from './work-orders';

describe('work order rules', () => {
  it('lets a customer cancel Pending and In Progress orders only', () => {
    expect(['Pending', 'In Progress', 'Complete', 'Cancelled', 'Lost'].map(isCancellable)).toEqual([true, true, false, false, false]);
  });
  it('explains a refused cancel with the order status', () => {
    const error = notCancellable('Complete');
    expect(error).toBeInstanceOf(WrongStateError);
    expect(error).toMatchObject({
      kind: 'wrong_state',
      code: 'not_cancellable',
      message: 'This work order is Complete and can no longer be cancelled.',
    });
  });
});

describe('money', () => {
  it('keeps numeric text exact and refuses a number (no float path) or text that is not an amount', () => {
    expect(moneyFromNumeric('1234.50')).toBe('1234.50');
    expect(moneyFromNumeric('-0.05')).toBe('-0.05');
    expect(moneyFromNumeric('9999999999.99')).toBe('9999999999.99');
    // @ts-expect-error a number is not accepted by the type either
    expect(() => moneyFromNumeric(19.5)).toThrow(TypeError);
    // 0.1 + 0.2 would have printed as "0.30": refused, never rounded.
    expect(() => moneyFromNumeric((0.1 + 0.2) as unknown as string)).toThrow(/numeric text/);
    for (const text of ['19.5', '1e3', '', ' 1.00', '1,000.00']) expect(() => moneyFromNumeric(text)).toThrow(TypeError);
    expect(MONEY_PATTERN.test('1234.50')).toBe(true);
    expect(MONEY_PATTERN.test('1234.5')).toBe(false);
  });
});

describe('domain errors', () => {
  it('carry their kind and the code the API answers with', () => {
    expect(new NotFoundError('Quote not found.')).toMatchObject({ kind: 'not_found', code: 'not_found', name: 'NotFoundError' });
    expect(new LimitReachedError('Later.')).toMatchObject({ kind: 'limit_reached', code: 'too_many_requests' });
  });
});
