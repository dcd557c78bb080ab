import type { WorkOrderSchedule } from '../../../../contracts/customer/work-orders';
import type { Locale } from '../../../../contracts/locale';
import { formatDate } from '../../../shared/format';

const intlLocale: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/**
 * A wall-clock time of the company's zone (HH:MM as the API gives it) in the active language,
 * e.g. 8:30 AM: formatted as a UTC time, so the browser's own zone never shifts the company's clock.
 */
export function formatWallTime(time: string, locale: Locale): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Intl.DateTimeFormat(intlLocale[locale], { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, hours, minutes)),
  );
}

/** The values of 'Scheduled: {date}, {from}–{until}' / 'Programada: {date}, {from}–{until}'. */
export const scheduleValues = (schedule: { date: string; from: string; until: string }, locale: Locale) => ({
  date: formatDate(schedule.date, locale),
  from: formatWallTime(schedule.from, locale),
  until: formatWallTime(schedule.until, locale),
});

/** The schedule to show for an order: none once it is Cancelled (the visit is off; the timeline keeps the history). */
export const shownSchedule = (order: { status: string; schedule?: WorkOrderSchedule | null }): WorkOrderSchedule | null =>
  order.status === 'Cancelled' ? null : (order.schedule ?? null);
