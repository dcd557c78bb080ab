import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { workOrderStatusSchema } from '../../../../../contracts/customer/work-orders';
import type { WorkOrderStatus } from '../../../../../domain/work-orders';
import { listOfficeWorkOrders } from '../../../../../contracts/office/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';
import { textParam } from '../../../lib/use-search-param';

export interface WorkOrderListFilter {
  status?: WorkOrderStatus;
  q?: string;
  from?: string;
  to?: string;
  /** The visit's day. */
  scheduled?: string;
}

/** Every customer's work orders, newest first, by status (with counts), days and a search. */
export const officeWorkOrdersQuery = (filter: WorkOrderListFilter) =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.workOrders.list(filter),
    queryFn: ({ pageParam, signal }) => callEndpoint(listOfficeWorkOrders, { query: { ...filter, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
    refetchOnMount: false,
  });

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filter a Work Orders URL asks for (?status=&q=&from=&to=&scheduled=); anything malformed is left out. */
export function workOrderFilterFrom(params: URLSearchParams): WorkOrderListFilter {
  const status = workOrderStatusSchema.safeParse(params.get('status'));
  const q = textParam(params);
  const from = textParam(params, 'from');
  const to = textParam(params, 'to');
  const scheduled = textParam(params, 'scheduled');
  return {
    ...(status.success && { status: status.data }),
    ...(q && { q }),
    ...(DAY.test(from) && { from }),
    ...(DAY.test(to) && { to }),
    ...(DAY.test(scheduled) && { scheduled }),
  };
}

export const prefetchOfficeWorkOrders = (queryClient: QueryClient, url: URL) =>
  queryClient.prefetchInfiniteQuery(officeWorkOrdersQuery(workOrderFilterFrom(url.searchParams)));

export function useOfficeWorkOrders(filter: WorkOrderListFilter) {
  return useInfiniteQuery(officeWorkOrdersQuery(filter));
}
