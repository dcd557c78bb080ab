import { WrongStateError } from '../errors';
import { workOrderStatuses, type WorkOrderStatus } from '../work-orders';

/**
 * What office staff may do to an order's status (office-spec section 4): Pending -> In Progress ->
 * Complete, and any open order -> Cancelled (with a reason). Complete and Cancelled are final.
 * (The customer's own cancel rule is isCancellable in ../work-orders.ts.)
 */
export const staffTransitions: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  Pending: ['In Progress', 'Cancelled'],
  'In Progress': ['Complete', 'Cancelled'],
  Complete: [],
  Cancelled: [],
};

const isStatus = (value: string): value is WorkOrderStatus => (workOrderStatuses as readonly string[]).includes(value);

/** The statuses staff can move an order to from `current` (none for a status put in by SQL that we do not know). */
export const nextStaffStatuses = (current: string): readonly WorkOrderStatus[] => (isStatus(current) ? staffTransitions[current] : []);

/**
 * Throws a WrongStateError (409) unless staff may move an order that is `current` to `next`.
 * `seen` is the status the office screen showed: when another person (or the customer, or SQL)
 * changed it meanwhile, the change is refused instead of being applied to a state nobody looked at.
 */
export function assertStaffTransition(current: string, next: WorkOrderStatus, seen?: WorkOrderStatus): void {
  if (seen !== undefined && seen !== current) {
    throw new WrongStateError(
      'stale_status',
      `This work order is now ${current} (it was ${seen} on your screen). Reload it to see what changed.`,
    );
  }
  if (current === next) throw new WrongStateError('already_in_status', `This work order is already ${current}.`);
  if (!nextStaffStatuses(current).includes(next)) {
    throw new WrongStateError('transition_not_allowed', `A work order that is ${current} cannot be set to ${next}.`);
  }
}
