import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { listOfficeQuotes } from '../../../../../contracts/office/quotes';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';
import { textParam } from '../../../lib/use-search-param';

export interface QuoteListFilter {
  status?: string;
  q?: string;
}

/** Every customer's quotes, newest first, under a status and a search; with the count of each status. */
export const officeQuotesQuery = (filter: QuoteListFilter) =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.quotes.list(filter),
    queryFn: ({ pageParam, signal }) => callEndpoint(listOfficeQuotes, { query: { ...filter, after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: (previous) => previous,
    refetchOnMount: false,
  });

/** The filter a Quotes URL asks for (?status=&q=). */
export function quoteFilterFrom(params: URLSearchParams): QuoteListFilter {
  const status = textParam(params, 'status');
  const q = textParam(params);
  return { ...(status && { status }), ...(q && { q }) };
}

export const prefetchOfficeQuotes = (queryClient: QueryClient, url: URL) =>
  queryClient.prefetchInfiniteQuery(officeQuotesQuery(quoteFilterFrom(url.searchParams)));

export function useOfficeQuotes(filter: QuoteListFilter) {
  return useInfiniteQuery(officeQuotesQuery(filter));
}
