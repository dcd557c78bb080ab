import type { ChangeOrderStatus } from './types';

/**
 * A Sent change order past its 'Answer by' day (in the company's time zone, `today`) is Expired. The
 * database's change_order_listed_status is the same rule (the parity test runs both).
 */
export function changeOrderListedStatus(status: ChangeOrderStatus, answerBy: string | null, today: string): ChangeOrderStatus {
  return status === 'Sent' && answerBy !== null && answerBy < today ? 'Expired' : status;
}

/** Whether the customer can still answer it. */
export const isOpen = (status: ChangeOrderStatus) => status === 'Sent';
