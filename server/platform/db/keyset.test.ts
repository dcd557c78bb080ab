import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './keyset';

describe('decodeCursor (issue 21: crafted cursors reached PostgreSQL)', () => {
  const time = '2026-11-23T10:00:00.123456Z';
  it('gives back the key of a cursor the server made', () => {
    expect(decodeCursor(encodeCursor([time, 42]), ['time', 'number'])).toEqual([time, 42]);
    expect(decodeCursor(encodeCursor(['ana lópez 👷', 7]), ['string', 'number'])).toEqual(['ana lópez 👷', 7]);
  });
  it('refuses values PostgreSQL would refuse: year 0, not a time, a NUL, a lone surrogate, ids that are no ids', () => {
    for (const key of [
      ['0000-01-01T00:00:00.000000Z', 1],
      ['2026-13-45T10:00:00.000000Z', 1],
      ['yesterday', 1],
      [time, 1.5],
      [time, -1],
      [time, 2 ** 63],
      [time, '1'],
    ]) {
      expect(decodeCursor(encodeCursor(key as [string, number]), ['time', 'number'])).toBeUndefined();
    }
    expect(decodeCursor(encodeCursor(['a\u0000', 1]), ['string', 'number'])).toBeUndefined();
    expect(decodeCursor(encodeCursor(['a\ud800', 1]), ['string', 'number'])).toBeUndefined();
    expect(decodeCursor(encodeCursor(['x'.repeat(401), 1]), ['string', 'number'])).toBeUndefined();
    expect(decodeCursor('not-base64-json', ['string', 'number'])).toBeUndefined();
  });
});
