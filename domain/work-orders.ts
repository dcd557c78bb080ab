import { WrongStateError } from './errors';

/** The work order statuses of the spec; new orders start as Pending. */
export const workOrderStatuses = ['Pending', 'In Progress', 'Complete', 'Cancelled'] as const;
export type WorkOrderStatus = (typeof workOrderStatuses)[number];

/** A customer may cancel only from these statuses; they are also what the dashboard calls active. */
export const cancellableStatuses = ['Pending', 'In Progress'] as const satisfies readonly WorkOrderStatus[];
export const isCancellable = (status: string): boolean => (cancellableStatuses as readonly string[]).includes(status);

/** The refusal when an order has left the cancellable statuses (e.g. the office completed it meanwhile). */
export const notCancellable = (status: string) =>
  new WrongStateError('not_cancellable', `This work order is ${status} and can no longer be cancelled.`);
