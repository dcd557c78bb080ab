import type { Selectable } from 'kysely';
import type { DashboardWorkOrder } from '../../../contracts/customer/dashboard';
import type { WorkOrder } from '../../../contracts/customer/work-orders';
import type { WorkOrderStatus } from '../../../domain/work-orders';
import { calendarDay, isoTime } from '../../platform/db/columns';
import type { WorkOrdersTable } from '../../platform/db/schema';
import { scheduleView, type ScheduleColumns } from './schedule-view';

/** The schedule and quote link every customer answer carries (migration 040). */
const scheduleColumns = [calendarDay('scheduled_date'), 'arrival_start', 'arrival_end', 'quote_id'] as const;

/** What a work order answer needs; request_date as its calendar day (see calendarDay). */
export const workOrderColumns = [
  'id',
  'description',
  'address',
  'status',
  'submitted_at',
  calendarDay('request_date'),
  ...scheduleColumns,
  'property_id',
] as const;
export const activeWorkOrderColumns = ['id', 'status', 'submitted_at', calendarDay('request_date'), ...scheduleColumns] as const;

type Scheduled = ScheduleColumns & { quote_id: number | string | null };
/** A work order as workOrderColumns reads it. */
export type WorkOrderRow = Pick<Selectable<WorkOrdersTable>, 'id' | 'description' | 'address' | 'status' | 'submitted_at'> & {
  request_date: string;
  property_id?: number | string | null;
} & Scheduled;

/**
 * The visit the customer is told about: none for a cancelled order, nor for one completed before its
 * visit (no one is coming any more; its calendar event was cancelled). A completed order keeps the
 * visit that took place. The timeline keeps the history either way.
 */
const currentSchedule = (row: Scheduled & { status: string }, timeZone: string, now = new Date()) => {
  if (row.status === 'Cancelled') return null;
  if (row.status === 'Complete' && row.arrival_start && new Date(row.arrival_start) > now) return null;
  return scheduleView(row, timeZone);
};

const quoteIdOf = (row: Scheduled) => (row.quote_id == null ? null : Number(row.quote_id));

/** timeZone: COMPANY_TIMEZONE, in which the schedule is shown. */
export function toWorkOrder(row: WorkOrderRow, timeZone: string): WorkOrder {
  return {
    id: Number(row.id),
    description: row.description,
    address: row.address,
    status: row.status as WorkOrderStatus,
    submitted_at: isoTime(row.submitted_at),
    request_date: row.request_date,
    schedule: currentSchedule(row, timeZone),
    quoteId: quoteIdOf(row),
    propertyId: row.property_id == null ? null : Number(row.property_id),
  };
}

/** The dashboard's short form of an order the customer can still act on. */
export function toActiveWorkOrder(
  row: Pick<WorkOrderRow, 'id' | 'status' | 'submitted_at' | 'request_date'> & Scheduled,
  timeZone: string,
): DashboardWorkOrder {
  return {
    id: Number(row.id),
    request_date: row.request_date,
    submitted_at: isoTime(row.submitted_at),
    status: row.status as WorkOrderStatus,
    schedule: currentSchedule(row, timeZone),
    quoteId: quoteIdOf(row),
  };
}
