import { intlLocale, type Locale } from '../../contracts/locale';
import { formatDate } from './format';

/** Where the text goes: `keepTogether` writes no-break spaces, so "10:30 AM" never splits at the end of a line. */
export interface WallTimeOptions {
  keepTogether?: boolean;
}

/**
 * A wall-clock time of the company's zone (HH:MM as the API gives it) in the active language,
 * e.g. 8:30 AM / 8:30 a. m. It is formatted as a UTC time of an arbitrary day, so the browser's own
 * zone never shifts it: the company's clock is shown as it is.
 */
export function formatWallTime(time: string, locale: Locale, { keepTogether = false }: WallTimeOptions = {}): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const text = new Intl.DateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
  return keepTogether ? text.replace(/\s/g, '\u00a0') : text;
}

/** The values of 'Scheduled: {date}, {from}–{until}' / 'Programada: {date}, {from}–{until}' (office-spec section 4). */
export const scheduleValues = (schedule: { date: string; from: string; until: string }, locale: Locale, options?: WallTimeOptions) => ({
  date: formatDate(schedule.date, locale),
  from: formatWallTime(schedule.from, locale, options),
  until: formatWallTime(schedule.until, locale, options),
});
