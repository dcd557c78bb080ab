import type { WorkOrderSchedule } from '../../../contracts/customer/work-orders';
import type { OfficeSchedule } from '../../../contracts/office/work-orders';
import { toLocal } from '../../../domain/work-orders/schedule';
import { isoTime } from '../../platform/db/columns';

/** The schedule columns of work_orders or work_order_events, scheduled_date selected as its calendar day. */
export interface ScheduleColumns {
  scheduled_date: string | null;
  arrival_start: Date | string | null;
  arrival_end: Date | string | null;
}

/** What the customer reads: the company's date and wall-clock window in its zone; null when not scheduled. */
export function scheduleView(row: ScheduleColumns, timeZone: string): WorkOrderSchedule | null {
  if (!row.scheduled_date || !row.arrival_start || !row.arrival_end) return null;
  return {
    date: row.scheduled_date,
    from: toLocal(new Date(row.arrival_start), timeZone).time,
    until: toLocal(new Date(row.arrival_end), timeZone).time,
    timeZone,
  };
}

/** The office's view adds the exact instants. */
export function officeScheduleView(row: ScheduleColumns, timeZone: string): OfficeSchedule | null {
  const view = scheduleView(row, timeZone);
  return view && { ...view, start: isoTime(row.arrival_start!), end: isoTime(row.arrival_end!) };
}
