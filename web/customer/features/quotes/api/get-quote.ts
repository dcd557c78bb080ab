import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQuote, getQuoteVersion } from '../../../../../contracts/customer/quotes';
import { ApiError, callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** The :id of /quotes/:id, or null when it is not a quote number (the page then says "not found"). */
export function quoteIdFrom(raw: string | undefined): number | null {
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Whether a load failure means "no such quote of yours" (404; 400 for an id the server cannot read). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** /quotes/:id in one request: the current version, what changed, earlier versions and the answer given. */
export const quoteQuery = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.quotes.detail(id ?? 0),
    queryFn: ({ signal }) => {
      if (id === null) throw new ApiError(404, 'not_found', 'Quote not found.');
      return callEndpoint(getQuote, { params: { id }, signal });
    },
    // Not found stays not found: no retry.
    retry: (count, error) => !isNotFound(error) && count < 2,
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

/** The route loader's query for a URL (/quotes/:id). */
export const quoteScreenQuery = (url: URL) => quoteQuery(quoteIdFrom(url.pathname.split('/').filter(Boolean)[1]));

export function useQuote(id: number | null) {
  return useQuery(quoteQuery(id));
}

/** An earlier (or the current) sent version, loaded when the customer opens it. */
export function useQuoteVersion(id: number, version: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.quotes.version(id, version),
    queryFn: ({ signal }) => callEndpoint(getQuoteVersion, { params: { id, version }, signal }),
    enabled,
    // A sent version never changes.
    staleTime: Infinity,
  });
}
