import { describe, expect, it } from 'vitest';
import { retryDelaySeconds } from './worker';

describe('retryDelaySeconds', () => {
  it('backs off exponentially from 30 s and caps at an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });
});
