import { describe, expect, it } from 'vitest';
import { formatWallTime, scheduleValues } from './schedule-text';

describe("'Scheduled: {date}, {from}–{until}' values", () => {
  it('keeps the company clock (no shift by the browser zone) and writes it in the language', () => {
    expect(formatWallTime('00:15', 'en')).toBe('12:15 AM');
    expect(formatWallTime('23:45', 'en')).toBe('11:45 PM');
    expect(scheduleValues({ date: '2027-01-02', from: '07:00', until: '09:30' }, 'en')).toEqual({
      date: 'Jan 2, 2027',
      from: '7:00 AM',
      until: '9:30 AM',
    });
    expect(scheduleValues({ date: '2027-01-02', from: '07:00', until: '09:30' }, 'es').date).toBe('2 ene 2027');
  });
});
