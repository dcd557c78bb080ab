import { queryOptions, useQuery } from '@tanstack/react-query';
import { listQuotes } from '../../../../../contracts/customer/quotes';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** The customer's quotes, newest first, each with its status history: one request. */
export const quotesQuery = () =>
  queryOptions({
    queryKey: queryKeys.quotes.list,
    queryFn: async ({ signal }) => (await callEndpoint(listQuotes, { signal })).quotes,
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

export function useQuotes() {
  return useQuery(quotesQuery());
}
