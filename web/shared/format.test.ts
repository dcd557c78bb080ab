import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('shows the API’s decimal string exactly, in each language', () => {
    expect(formatMoney('1234.5', 'en')).toBe('$1,234.50');
    expect(formatMoney('9999999999.99', 'en')).toBe('$9,999,999,999.99');
    expect(formatMoney('0.10', 'es').replace(/\s/g, ' ')).toMatch(/0[.,]10/);
  });

  it('refuses a number (no binary float path) and text that is not a decimal', () => {
    // @ts-expect-error a number is not accepted by the type either
    expect(() => formatMoney(0.1 + 0.2, 'en')).toThrow(TypeError);
    for (const text of ['1e3', '', '1,000.00', 'NaN', ' 1.00']) expect(() => formatMoney(text, 'en')).toThrow(TypeError);
  });
});
