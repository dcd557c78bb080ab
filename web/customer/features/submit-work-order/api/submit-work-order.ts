import { useMutation, useQueryClient } from '@tanstack/react-query';
import { submitWorkOrder, type NewWorkOrder } from '../../../../../contracts/customer/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** Submits a new order; the work order lists and the dashboard show it at once. */
export function useSubmitWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: NewWorkOrder) => callEndpoint(submitWorkOrder, { body: order }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workOrders.lists }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
        // 'Another address' became one of the customer's properties.
        queryClient.invalidateQueries({ queryKey: queryKeys.properties }),
      ]),
  });
}
