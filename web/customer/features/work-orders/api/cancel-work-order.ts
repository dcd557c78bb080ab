import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelWorkOrder, type WorkOrder, type WorkOrderFilter } from '../../../../../contracts/customer/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Cancels on the server first; only when it says yes do the cached lists change, in place:
 * the order takes its new status, or leaves a list filtered to a status it no longer has.
 * On error nothing changes (spec); the caller logs it.
 */
export function useCancelWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(cancelWorkOrder, { params: { id } }),
    onSuccess: (updated) => {
      for (const [key, orders] of queryClient.getQueriesData<WorkOrder[]>({ queryKey: queryKeys.workOrders.lists })) {
        if (!orders) continue;
        const filter = key[queryKeys.workOrders.lists.length] as WorkOrderFilter; // list(filter): the prefix, then the filter
        const next = orders.flatMap((o) => (o.id !== updated.id ? [o] : filter === 'All' || filter === updated.status ? [updated] : []));
        queryClient.setQueryData(key, next);
      }
      // Lists filtered to Cancelled gain the order: fetch them again when next shown.
      void queryClient.invalidateQueries({ queryKey: queryKeys.workOrders.list('Cancelled'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
