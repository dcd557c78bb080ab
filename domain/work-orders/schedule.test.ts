import { describe, expect, it } from 'vitest';
import { checkWindow, instantsOf, isKnownTimeZone, toLocal } from './schedule';

const CHICAGO = 'America/Chicago';
const before = new Date('2026-01-01T00:00:00Z');

describe('schedule window in the company time zone', () => {
  it('turns a local window on an ordinary day into instants (CST is UTC-6, CDT UTC-5)', () => {
    expect(checkWindow({ date: '2026-01-15', from: '08:00', until: '10:30' }, CHICAGO, before)).toEqual({
      ok: true,
      start: new Date('2026-01-15T14:00:00Z'),
      end: new Date('2026-01-15T16:30:00Z'),
    });
    expect(checkWindow({ date: '2026-07-15', from: '08:00', until: '10:00' }, CHICAGO, before)).toMatchObject({
      start: new Date('2026-07-15T13:00:00Z'),
    });
  });

  it('refuses a time the spring-forward change skips (02:30 on 2026-03-08 does not exist in Chicago)', () => {
    expect(instantsOf('2026-03-08', '02:30', CHICAGO)).toEqual([]);
    const result = checkWindow({ date: '2026-03-08', from: '02:30', until: '04:00' }, CHICAGO, before);
    expect(result).toMatchObject({ ok: false, code: 'time_does_not_exist' });
    expect(result.ok || result.message).toMatch(/02:30 does not exist on 2026-03-08 in America\/Chicago/);
    expect(checkWindow({ date: '2026-03-08', from: '00:00', until: '02:00' }, CHICAGO, before)).toMatchObject({
      code: 'time_does_not_exist',
    });
  });

  it('makes a window across the spring-forward gap as long as it really is (01:30 CST to 03:00 CDT is 30 minutes)', () => {
    const result = checkWindow({ date: '2026-03-08', from: '01:30', until: '03:00' }, CHICAGO, before);
    expect(result).toEqual({ ok: true, start: new Date('2026-03-08T07:30:00Z'), end: new Date('2026-03-08T08:00:00Z') });
  });

  it('reads a fall-back time that happens twice as its first occurrence (01:30 CDT on 2026-11-01)', () => {
    expect(instantsOf('2026-11-01', '01:30', CHICAGO)).toEqual([new Date('2026-11-01T06:30:00Z'), new Date('2026-11-01T07:30:00Z')]);
    const result = checkWindow({ date: '2026-11-01', from: '00:30', until: '01:30' }, CHICAGO, before);
    expect(result).toEqual({ ok: true, start: new Date('2026-11-01T05:30:00Z'), end: new Date('2026-11-01T06:30:00Z') });
    // After the repeated hour the clock is on standard time again: 08:00 CST is 14:00 UTC.
    expect(checkWindow({ date: '2026-11-01', from: '01:45', until: '08:00' }, CHICAGO, before)).toEqual({
      ok: true,
      start: new Date('2026-11-01T06:45:00Z'),
      end: new Date('2026-11-01T14:00:00Z'),
    });
  });

  it('gives back the wall clock of an instant, on DST days too', () => {
    expect(toLocal(new Date('2026-11-01T07:30:00Z'), CHICAGO)).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(toLocal(new Date('2026-03-08T08:00:00Z'), CHICAGO)).toEqual({ date: '2026-03-08', time: '03:00' });
    expect(toLocal(new Date('2026-01-16T03:00:00Z'), CHICAGO)).toEqual({ date: '2026-01-15', time: '21:00' });
  });

  it('refuses until not after from, bad dates and times, and a window that has passed', () => {
    expect(checkWindow({ date: '2026-01-15', from: '10:00', until: '10:00' }, CHICAGO, before)).toMatchObject({
      code: 'until_not_after_from',
    });
    expect(checkWindow({ date: '2026-01-15', from: '10:00', until: '09:00' }, CHICAGO, before)).toMatchObject({
      code: 'until_not_after_from',
    });
    expect(checkWindow({ date: '2026-02-30', from: '08:00', until: '09:00' }, CHICAGO, before)).toMatchObject({ code: 'invalid_date' });
    expect(checkWindow({ date: '2026-02-03', from: '24:00', until: '25:00' }, CHICAGO, before)).toMatchObject({ code: 'invalid_time' });
    expect(checkWindow({ date: '2026-02-03', from: '8:00', until: '09:00' }, CHICAGO, before)).toMatchObject({ code: 'invalid_time' });
    expect(checkWindow({ date: '2026-01-15', from: '08:00', until: '09:00' }, CHICAGO, new Date('2026-01-15T15:00:00Z'))).toMatchObject({
      code: 'window_passed',
    });
  });

  it('works in other zones (Europe/Madrid changes at 02:00 local on 2026-03-29)', () => {
    expect(instantsOf('2026-03-29', '02:30', 'Europe/Madrid')).toEqual([]);
    expect(instantsOf('2026-06-01', '09:00', 'UTC')).toEqual([new Date('2026-06-01T09:00:00Z')]);
  });

  it('knows which zone names exist', () => {
    expect(isKnownTimeZone(CHICAGO)).toBe(true);
    expect(isKnownTimeZone('America/Springfield')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
  });
});
