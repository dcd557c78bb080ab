import type { WorkOrderSchedule } from '../../../../contracts/customer/work-orders';

/** The schedule to show for an order: none once it is Cancelled (the visit is off; the timeline keeps the history). */
export const shownSchedule = (order: { status: string; schedule?: WorkOrderSchedule | null }): WorkOrderSchedule | null =>
  order.status === 'Cancelled' ? null : (order.schedule ?? null);
