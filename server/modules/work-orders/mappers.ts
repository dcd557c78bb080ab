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
] as const;
export const activeWorkOrderColumns = ['id', 'status', 'submitted_at', calendarDay('request_date'), ...scheduleColumns] as const;

type Scheduled = ScheduleColumns & { quote_id: number | string | null };
type Row = Pick<Selectable<WorkOrdersTable>, 'id' | 'description' | 'address' | 'status' | 'submitted_at'> & {
  request_date: string;
} & Scheduled;

/** A cancelled order has no visit ahead: no schedule line (its timeline keeps the history). */
const currentSchedule = (row: Scheduled & { status: string }, timeZone: string) =>
  row.status === 'Cancelled' ? null : scheduleView(row, timeZone);

const quoteIdOf = (row: Scheduled) => (row.quote_id == null ? null : Number(row.quote_id));

/** timeZone: COMPANY_TIMEZONE, in which the schedule is shown. */
export function toWorkOrder(row: Row, timeZone: string): WorkOrder {
  return {
    id: Number(row.id),
    description: row.description,
    address: row.address,
    status: row.status as WorkOrderStatus,
    submitted_at: isoTime(row.submitted_at),
    request_date: row.request_date,
    schedule: currentSchedule(row, timeZone),
    quoteId: quoteIdOf(row),
  };
}

/** The dashboard's short form of an order the customer can still act on. */
export function toActiveWorkOrder(
  row: Pick<Row, 'id' | 'status' | 'submitted_at' | 'request_date'> & Scheduled,
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
