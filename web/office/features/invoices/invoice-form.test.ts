import { describe, expect, it } from 'vitest';
import {
  cleanMoney,
  emptyNewInvoiceForm,
  newInvoiceAmount,
  newInvoiceProblems,
  paymentProblems,
  percentOf,
  remainingOf,
  todayIn,
} from './invoice-form';

describe('a new invoice from a work order', () => {
  const contract = '3333.33';

  it('takes a percentage of the contract total, rounded half-up to cents', () => {
    expect(percentOf(contract, '30')).toBe('1000.00');
    expect(percentOf('100.01', '50')).toBe('50.01'); // 50.005 -> 50.01
    expect(percentOf(contract, '12.5 %')).toBe('416.67');
    expect(percentOf(contract, '12,5')).toBe('416.67');
    expect(percentOf(contract, '100')).toBe('3333.33');
    expect(percentOf(contract, '100.01')).toBeNull();
    expect(percentOf(contract, '1.234')).toBeNull();
    expect(percentOf(contract, 'abc')).toBeNull();
  });

  it('reads an amount as typed ($, thousands commas) and never below zero what remains', () => {
    expect(cleanMoney('$1,250.5')).toBe('1250.5');
    expect(remainingOf('1000.00', '999.99')).toBe('0.01');
    expect(remainingOf('1000.00', '1200.00')).toBe('0.00');
  });

  it('a progress invoice needs an amount above 0 within what remains, and a description', () => {
    const form = { ...emptyNewInvoiceForm(), amount: '$1,000', description: 'Framing' };
    expect(newInvoiceAmount(form, contract, '2333.33')).toBe('1000.00');
    expect(newInvoiceProblems(form, contract, '2333.33')).toEqual([]);
    expect(newInvoiceProblems({ ...form, amount: '2333.34' }, contract, '2333.33')).toEqual(['overRemaining']);
    expect(newInvoiceProblems({ ...form, amount: '0' }, contract, '2333.33')).toEqual(['zero']);
    expect(newInvoiceProblems({ ...form, amount: '12.345', description: ' ' }, contract, '2333.33')).toEqual([
      'amountInvalid',
      'descriptionRequired',
    ]);
    const byPercent = { ...form, basis: 'percent' as const, percent: '40' };
    expect(newInvoiceAmount(byPercent, contract, '2333.33')).toBe('1333.33');
    expect(newInvoiceProblems({ ...byPercent, percent: '101' }, contract, '2333.33')).toEqual(['percentInvalid']);
    expect(newInvoiceProblems({ ...byPercent, percent: '80' }, contract, '2333.33')).toEqual(['overRemaining']);
  });

  it('the final invoice is what remains, and there must be something left', () => {
    const final = { ...emptyNewInvoiceForm(), kind: 'final' as const };
    expect(newInvoiceAmount(final, contract, '2333.33')).toBe('2333.33');
    expect(newInvoiceProblems(final, contract, '2333.33')).toEqual([]);
    expect(newInvoiceProblems(final, contract, '0.00')).toEqual(['nothingLeft']);
  });
});

describe('a payment or refund', () => {
  const form = { amount: '250.00', receivedOn: '2026-11-20', method: 'check', reference: '1042' };
  it('is an amount above 0 up to its limit, on a day', () => {
    expect(paymentProblems(form, '250.00')).toEqual([]);
    expect(paymentProblems({ ...form, amount: '250.01' }, '250.00')).toEqual(['overLimit']);
    expect(paymentProblems({ ...form, amount: '0.00' }, '250.00')).toEqual(['zero']);
    expect(paymentProblems({ ...form, amount: 'ten', receivedOn: '' }, '250.00')).toEqual(['amountInvalid', 'dateRequired']);
  });

  it("starts on today's day in the company's zone", () => {
    // 03:00 UTC on Nov 21 is still Nov 20 in Chicago.
    expect(todayIn('America/Chicago', new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-20');
    expect(todayIn('UTC', new Date('2026-11-21T03:00:00Z'))).toBe('2026-11-21');
  });
});
