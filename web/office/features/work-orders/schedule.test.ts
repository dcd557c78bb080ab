import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/client';
import { fieldOfScheduleError } from './ScheduleForm';

const form = { date: '2026-03-08', from: '02:30', until: '04:00' };

describe('fieldOfScheduleError: a refusal of the schedule is shown next to its field', () => {
  it.each([
    ['invalid_date', 'Use a date like 2026-11-23.', 'date'],
    ['window_passed', 'That arrival window has already passed.', 'date'],
    ['until_not_after_from', "'Arrival until' must be later than 'Arrival from'.", 'until'],
    ['time_does_not_exist', '02:30 does not exist on 2026-03-08 in America/Chicago: …', 'from'],
    ['invalid_request', 'until: Use a 24-hour time like 08:30.', 'until'],
    ['not_schedulable', 'A work order that is Complete cannot be scheduled.', null],
  ])('%s -> %s', (code, message, field) => {
    expect(fieldOfScheduleError(new ApiError(400, code, message), form)).toBe(field);
  });

  it("a skipped 'Arrival until' is named as such", () => {
    const skipped = { date: '2026-03-08', from: '01:00', until: '02:30' };
    expect(fieldOfScheduleError(new ApiError(400, 'time_does_not_exist', '02:30 does not exist on …'), skipped)).toBe('until');
  });
});
