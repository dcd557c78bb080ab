import { queryOptions, useQuery } from '@tanstack/react-query';
import { quoteListSchema, type Quote } from '../../../../../contracts/customer/quotes';
import { api } from '../../../../shared/api/client';

export const quotesKey = ['quotes'] as const;

/** The customer's quotes, newest first, each with its status history: one request. */
export async function getQuotes(signal?: AbortSignal): Promise<Quote[]> {
  return quoteListSchema.parse(await api.get('/api/quotes', signal)).quotes;
}

export const quotesQuery = () =>
  queryOptions({
    queryKey: quotesKey,
    queryFn: ({ signal }) => getQuotes(signal),
  });

export function useQuotes() {
  return useQuery(quotesQuery());
}
