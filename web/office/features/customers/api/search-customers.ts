import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { searchCustomers } from '../../../../../contracts/office/customers';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';
import { textParam } from '../../../lib/use-search-param';

/** Customers matching q (name, e-mail, phone, account #), by name, a keyset page at a time. */
export const customersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.customers.search(q),
    queryFn: ({ pageParam, signal }) => callEndpoint(searchCustomers, { query: { q: q || undefined, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Typing back to an earlier search shows its rows at once while they are checked again.
    placeholderData: (previous) => previous,
    refetchOnMount: false,
  });

export const prefetchCustomers = (queryClient: QueryClient, url: URL) =>
  queryClient.prefetchInfiniteQuery(customersQuery(textParam(url.searchParams)));

export function useCustomerSearch(q: string) {
  return useInfiniteQuery(customersQuery(q));
}
