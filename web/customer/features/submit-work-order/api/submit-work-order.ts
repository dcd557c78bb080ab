import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workOrderSchema, type NewWorkOrder, type WorkOrder } from '../../../../../contracts/customer/work-orders';
import { api } from '../../../../shared/api/client';

export async function submitWorkOrder(order: NewWorkOrder): Promise<WorkOrder> {
  return workOrderSchema.parse(await api.post('/api/work-orders', order));
}

/** Submits a new order; the work order lists and the dashboard show it at once. */
export function useSubmitWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWorkOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
