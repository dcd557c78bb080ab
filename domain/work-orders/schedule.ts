/**
 * The schedule of a work order: a date and an arrival window ('Arrival from', 'Arrival until') as
 * wall-clock times in the company's time zone (COMPANY_TIMEZONE). Stored as two instants, so the
 * window is exact on daylight-saving days and a calendar file carries it without any zone table.
 * Pure: Intl only (the zone rules come from the ICU data in Node and in the browser).
 *
 * Rules:
 * - a local time that does not exist (skipped by a spring-forward change, e.g. 02:30 on
 *   2026-03-08 in America/Chicago) is refused;
 * - a local time that happens twice (fall-back, e.g. 01:30 on 2026-11-01 in America/Chicago) means
 *   its FIRST occurrence, still on daylight time, the way the wall clock first shows it;
 * - 'Arrival until' must be later than 'Arrival from' on the same day.
 */

export interface LocalWindow {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24-hour */
  from: string;
  until: string;
}

export type ScheduleCheck =
  | { ok: true; start: Date; end: Date }
  | {
      ok: false;
      code: 'invalid_date' | 'invalid_time' | 'time_does_not_exist' | 'until_not_after_from' | 'window_passed';
      message: string;
    };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone name this runtime's Intl knows (e.g. 'America/Chicago'). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    // RangeError: Intl does not know the zone; that is the answer, not a failure.
    return false;
  }
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** Local time minus UTC, in ms, at an instant. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallClock(instant, timeZone);
  const whole = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - whole;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as the company's calendar day and wall-clock time. */
export function toLocal(instant: Date, timeZone: string): { date: string; time: string } {
  const w = wallClock(instant.getTime(), timeZone);
  return { date: `${String(w.year).padStart(4, '0')}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

function parseDate(date: string): [number, number, number] | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return undefined;
  return [y, mo, d];
}

/**
 * Every instant at which the zone's clock shows this date and time, earliest first: none in a
 * spring-forward gap, two in a fall-back overlap, one otherwise.
 */
export function instantsOf(date: string, time: string, timeZone: string): Date[] {
  const day = parseDate(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return [];
  const naive = Date.UTC(day[0], day[1] - 1, day[2], Number(clock[1]), Number(clock[2]));
  // The offsets in force within a day either side (no zone changes its offset twice in 12 hours).
  const offsets = new Set([-24, -12, 0, 12, 24].map((h) => offsetAt(naive + h * HOUR, timeZone)));
  const found = new Set<number>();
  for (const offset of offsets) {
    const candidate = naive - offset;
    const local = toLocal(new Date(candidate), timeZone);
    if (local.date === date && local.time === time) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b).map((t) => new Date(t));
}

/** The rules above applied to what the office typed; `now` refuses a window that has already ended. */
export function checkWindow(window: LocalWindow, timeZone: string, now: Date = new Date()): ScheduleCheck {
  if (!parseDate(window.date)) return { ok: false, code: 'invalid_date', message: 'Use a date like 2026-11-23.' };
  for (const time of [window.from, window.until]) {
    if (!TIME.test(time)) return { ok: false, code: 'invalid_time', message: 'Use a 24-hour time like 08:30.' };
  }
  if (window.until <= window.from) {
    return { ok: false, code: 'until_not_after_from', message: "'Arrival until' must be later than 'Arrival from'." };
  }
  const [start] = instantsOf(window.date, window.from, timeZone);
  const [end] = instantsOf(window.date, window.until, timeZone);
  for (const [time, instant] of [
    [window.from, start],
    [window.until, end],
  ] as const) {
    if (!instant) {
      return {
        ok: false,
        code: 'time_does_not_exist',
        message: `${time} does not exist on ${window.date} in ${timeZone}: the clocks skip that hour (daylight saving). Choose another time.`,
      };
    }
  }
  if (end!.getTime() <= now.getTime()) return { ok: false, code: 'window_passed', message: 'That arrival window has already passed.' };
  return { ok: true, start: start!, end: end! };
}
