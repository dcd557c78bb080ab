import { queryOptions, useQuery } from '@tanstack/react-query';
import { listWorkOrders, type WorkOrderFilter } from '../../../../../contracts/customer/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';
import { filterFrom } from '../use-status-filter';

export const workOrdersQuery = (filter: WorkOrderFilter) =>
  queryOptions({
    queryKey: queryKeys.workOrders.list(filter),
    // 'All' is the bare list: no query string at all.
    queryFn: async ({ signal }) =>
      (await callEndpoint(listWorkOrders, { query: filter === 'All' ? {} : { status: filter }, signal })).workOrders,
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

/** The list the Work Orders screen shows for this URL (its filter is in ?status=). */
export const workOrdersScreenQuery = (url: URL) => workOrdersQuery(filterFrom(url.searchParams));

export function useWorkOrders(filter: WorkOrderFilter) {
  return useQuery(workOrdersQuery(filter));
}
