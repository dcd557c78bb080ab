import type { Selectable } from 'kysely';
import type { DashboardWorkOrder } from '../../../contracts/customer/dashboard';
import type { WorkOrder } from '../../../contracts/customer/work-orders';
import type { WorkOrderStatus } from '../../../domain/work-orders';
import { calendarDay, isoTime } from '../../platform/db/columns';
import type { WorkOrdersTable } from '../../platform/db/schema';

/** What a work order answer needs; request_date as its calendar day (see calendarDay). */
export const workOrderColumns = ['id', 'description', 'address', 'status', 'submitted_at', calendarDay('request_date')] as const;
export const activeWorkOrderColumns = ['id', 'status', 'submitted_at', calendarDay('request_date')] as const;

type Row = Pick<Selectable<WorkOrdersTable>, 'id' | 'description' | 'address' | 'status' | 'submitted_at'> & { request_date: string };

export function toWorkOrder(row: Row): WorkOrder {
  return {
    id: Number(row.id),
    description: row.description,
    address: row.address,
    status: row.status as WorkOrderStatus,
    submitted_at: isoTime(row.submitted_at),
    request_date: row.request_date,
  };
}

/** The dashboard's short form of an order the customer can still act on. */
export function toActiveWorkOrder(row: Pick<Row, 'id' | 'status' | 'submitted_at' | 'request_date'>): DashboardWorkOrder {
  return {
    id: Number(row.id),
    request_date: row.request_date,
    submitted_at: isoTime(row.submitted_at),
    status: row.status as WorkOrderStatus,
  };
}
