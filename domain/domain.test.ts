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
  it('keeps numeric strings exact and puts parsed numbers back to two places', () => {
    expect(moneyFromNumeric('1234.50')).toBe('1234.50');
    expect(moneyFromNumeric(19.5)).toBe('19.50');
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
