import { describe, expect, it } from 'vitest';
import { addressKey, propertyText, sameAddress } from './address';

describe('property addresses', () => {
  it('are the same place whatever their case and spaces', () => {
    expect(sameAddress('12 Oak St', '  12   oak ST ')).toBe(true);
    expect(sameAddress('12 Oak St', '14 Oak St')).toBe(false);
    expect(addressKey(' A\tB ')).toBe('a b');
  });

  it('show the label before the address when there is one', () => {
    expect(propertyText({ label: 'Rental', address: '12 Oak St' })).toBe('Rental — 12 Oak St');
    expect(propertyText({ label: null, address: '12 Oak St' })).toBe('12 Oak St');
  });
});
