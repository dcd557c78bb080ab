import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getOfficeQuote } from '../../../../../contracts/office/quotes';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** One quote with every version, its decisions, revision requests and timeline. */
export const officeQuoteQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.quotes.detail(id),
    queryFn: ({ signal }) => callEndpoint(getOfficeQuote, { params: { id }, signal }),
  });

/** The quote id in /office/quotes/:id(/edit) (null when it is not a positive whole number). */
export function quoteIdFrom(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const prefetchOfficeQuote = async (queryClient: QueryClient, url: URL) => {
  const id = quoteIdFrom(/\/office\/quotes\/(\d+)/.exec(url.pathname)?.[1]);
  if (id) await queryClient.prefetchQuery(officeQuoteQuery(id));
};

export function useOfficeQuote(id: number) {
  return useQuery(officeQuoteQuery(id));
}
