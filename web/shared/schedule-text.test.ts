import { describe, expect, it } from 'vitest';
import { formatWallTime, scheduleValues } from './schedule-text';

describe("'Scheduled: {date}, {from}–{until}' values", () => {
  it('keep the company clock (no shift by the browser zone) and write it in the language', () => {
    expect(formatWallTime('00:15', 'en')).toBe('12:15 AM');
    expect(formatWallTime('23:45', 'en')).toBe('11:45 PM');
    expect(scheduleValues({ date: '2027-01-02', from: '07:00', until: '09:30' }, 'en')).toEqual({
      date: 'Jan 2, 2027',
      from: '7:00 AM',
      until: '9:30 AM',
    });
    expect(scheduleValues({ date: '2026-12-23', from: '08:30', until: '13:00' }, 'en').until).toBe('1:00 PM');
    expect(scheduleValues({ date: '2027-01-02', from: '07:00', until: '09:30' }, 'es').date).toBe('2 ene 2027');
  });

  it('keep a time on one line where asked (no-break spaces)', () => {
    expect(formatWallTime('08:05', 'en', { keepTogether: true })).toBe('8:05\u00a0AM');
    expect(scheduleValues({ date: '2027-01-02', from: '13:30', until: '14:00' }, 'es', { keepTogether: true }).from).toMatch(
      /^1:30(\u00a0)?p\.(\u00a0)?m\.$/,
    );
  });
});
