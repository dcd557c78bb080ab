import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workOrderSchema, type NewWorkOrder, type WorkOrder } from '../../../../../contracts/customer/work-orders';
import { api } from '../../../../shared/api/client';

export async function createWorkOrder(order: NewWorkOrder): Promise<WorkOrder> {
  return workOrderSchema.parse(await api.post('/api/work-orders', order));
}

/** Submits a new order; the work order lists and the dashboard show it at once. */
export function useCreateWorkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkOrder,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['work-orders'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
