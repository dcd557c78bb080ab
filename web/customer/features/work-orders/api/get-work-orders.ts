import { queryOptions, useQuery } from '@tanstack/react-query';
import { workOrderListSchema, type WorkOrder, type WorkOrderFilter } from '../../../../../contracts/customer/work-orders';
import { api } from '../../../../shared/api/client';

/** Every cached list of work orders sits under this key; one filter is ['work-orders', filter]. */
export const workOrdersKey = ['work-orders'] as const;

export async function getWorkOrders(filter: WorkOrderFilter, signal?: AbortSignal): Promise<WorkOrder[]> {
  const query = filter === 'All' ? '' : `?status=${encodeURIComponent(filter)}`;
  return workOrderListSchema.parse(await api.get(`/api/work-orders${query}`, signal)).workOrders;
}

export const workOrdersQuery = (filter: WorkOrderFilter) =>
  queryOptions({
    queryKey: [...workOrdersKey, filter] as const,
    queryFn: ({ signal }) => getWorkOrders(filter, signal),
  });

export function useWorkOrders(filter: WorkOrderFilter) {
  return useQuery(workOrdersQuery(filter));
}
