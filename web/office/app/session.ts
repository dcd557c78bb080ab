import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { officeQueryKeys } from '../lib/query-keys';

/** Forgets every record the office had loaded (sign-out, an ended session); the company's settings stay. */
export function forgetOfficeData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== officeQueryKeys.config[0] });
}

/**
 * The office's query client. A 401 from any office request while someone was signed in means the
 * session ended (60 idle minutes, 12 hours, suspended, signed out elsewhere): `onSessionEnded` then
 * runs once (the app sends them to the sign-in page with a message).
 */
export function createOfficeQueryClient(onSessionEnded: () => void): QueryClient {
  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (!queryClient.getQueryData(officeQueryKeys.me)) return; // nobody was signed in: the guard handles it
    forgetOfficeData(queryClient);
    onSessionEnded();
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // A 4xx will not get better by asking again; network and 5xx errors are retried twice.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return queryClient;
}
