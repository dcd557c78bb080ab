import { describe, expect, it } from 'vitest';
import { clearableText, customerText } from './text';

const schema = customerText({ required: 'Required.', tooLong: 'Too long.' }, 10);

describe('customerText', () => {
  it('trims, and keeps line breaks, tabs and any language', () => {
    expect(schema.parse('  hola\n\tñ 👷 ')).toBe('hola\n\tñ 👷');
  });
  it('refuses blank, too long and control characters with a clear message', () => {
    expect(schema.safeParse('   ').error?.issues[0]?.message).toBe('Required.');
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('Required.');
    expect(schema.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Too long.');
    expect(schema.safeParse('a\u0000b').error?.issues[0]?.message).toMatch(/cannot be stored/);
  });
});

describe('clearableText', () => {
  const clearable = clearableText(10, 'Too long.');
  it('trims, clears to null and refuses too long text', () => {
    expect(clearable.parse('  555 010 ')).toBe('555 010');
    expect(clearable.parse('   ')).toBeNull();
    expect(clearable.parse(null)).toBeNull();
    expect(clearable.safeParse('x'.repeat(11)).error?.issues[0]?.message).toBe('Too long.');
  });
  it('refuses control characters (PostgreSQL cannot store a NUL)', () => {
    expect(clearable.safeParse('\u0000').error?.issues[0]?.message).toMatch(/cannot be stored/);
    expect(clearable.safeParse('a\u0007b').success).toBe(false);
  });
});
