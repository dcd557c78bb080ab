import type { WorkOrderSchedule } from '../../../../contracts/customer/work-orders';
import type { Locale } from '../../../../contracts/locale';
import { formatDate } from '../../../shared/format';

const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/** 'HH:MM' of the company's wall clock as the language writes a time of day (8:30 AM / 8:30 a. m.), never shifted by the browser's zone. */
export function formatWallClock(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  // No-break spaces: "10:30 AM" never splits at the end of a line.
  return new Intl.DateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' })
    .format(new Date(Date.UTC(2000, 0, 1, hours, minutes)))
    .replace(/\s/g, '\u00a0');
}

/** The values of 'Scheduled: {date}, {from}–{until}' (office-spec section 4), in the company's time as it is. */
export const scheduleParts = (schedule: WorkOrderSchedule, locale: Locale) => ({
  date: formatDate(schedule.date, locale),
  from: formatWallClock(schedule.from, locale),
  until: formatWallClock(schedule.until, locale),
});
