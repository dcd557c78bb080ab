import { describe, expect, it } from 'vitest';
import { calendarDay, DATE_RANGE_MESSAGE, instant } from './fields';
import { clearableText, customerText, findUnstorableText, isStorableText, UNSTORABLE_TEXT_MESSAGE } from './text';

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

describe('storable text (issue 21: a lone surrogate reached jsonb, a NUL reached a query)', () => {
  it('refuses lone surrogates and control characters, keeps pairs (emoji) and line breaks', () => {
    expect(isStorableText('👷 ñ\n\tx')).toBe(true);
    expect(isStorableText('x\ud800')).toBe(false);
    expect(isStorableText('\udfffx')).toBe(false);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(schema.safeParse('x\ud800').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
  });
  it('finds the first unstorable text anywhere in an input, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: [{ c: 'x\u0000' }] })).toBe('b.0.c');
    expect(findUnstorableText({ ['\ud800']: 1 })).toBe('key');
    expect(findUnstorableText({ a: ['ok', 1, null, true] })).toBeUndefined();
  });
});

describe('dates in a sane range (issue 21: year 0 reached PostgreSQL)', () => {
  const day = calendarDay('Use a date like 2026-11-23.');
  it('refuses year 0 and years past 2999 with one message, and a malformed date with the format message only', () => {
    expect(day.safeParse('2026-11-23').success).toBe(true);
    expect(day.safeParse('0000-01-01').error?.issues.map((i) => i.message)).toEqual([DATE_RANGE_MESSAGE]);
    expect(instant().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
    expect(instant().safeParse('2026-11-23T10:00:00Z').success).toBe(true);
    expect(day.safeParse('March').error?.issues.map((i) => i.message)).toEqual(['Use a date like 2026-11-23.']);
  });
});
