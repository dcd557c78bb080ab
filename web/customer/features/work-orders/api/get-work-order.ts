import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWorkOrder } from '../../../../../contracts/customer/work-orders';
import { ApiError, callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** The customer's /work-orders/:id: the order and its customer-visible timeline (404 when it is not theirs). */
export const workOrderQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.workOrders.detail(id),
    queryFn: ({ signal }) =>
      id > 0
        ? callEndpoint(getWorkOrder, { params: { id }, signal })
        : Promise.reject(new ApiError(404, 'not_found', 'Work order not found.')),
    refetchOnMount: false,
    // Another customer's order (or none) answers 404: asking again changes nothing.
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });

/** The order id in /work-orders/:id (null when it is not a positive whole number). */
export function workOrderIdFrom(value: string | undefined): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The order a /work-orders/:id URL asks for (a malformed id is never sent: the page says not found). */
export const workOrderScreenQuery = (url: URL) => workOrderQuery(workOrderIdFrom(url.pathname.split('/').pop()) ?? 0);

export function useWorkOrder(id: number) {
  return useQuery(workOrderQuery(id));
}
