import { useQueryClient } from '@tanstack/react-query';
import { listWorkOrders, type NewWorkOrder, type WorkOrder } from '../../../../../contracts/customer/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { findRecentDuplicate } from '../duplicate-request';

/**
 * Before a request is sent: asks the server for the customer's orders (GET /api/work-orders, always
 * fresh, so an order sent from another tab or device counts, and its time is the server's) and answers
 * the one the request repeats, if any. When the list cannot be had the request is not held back: the
 * warning is a courtesy, and the submission itself reports what is wrong (e.g. signed out).
 */
export function useFindRecentDuplicate() {
  const queryClient = useQueryClient();
  return async (draft: Pick<NewWorkOrder, 'address' | 'description'>): Promise<WorkOrder | null> => {
    try {
      // The Work Orders screen's unfiltered list (its key and answer), so the screen gains this fresh copy too.
      const orders = await queryClient.fetchQuery({
        queryKey: queryKeys.workOrders.list('All'),
        queryFn: async ({ signal }) => (await callEndpoint(listWorkOrders, { signal })).workOrders,
        staleTime: 0,
      });
      return findRecentDuplicate(draft, orders, Date.now());
    } catch (err) {
      console.warn('Duplicate check skipped: the work orders could not be loaded:', err);
      return null;
    }
  };
}
