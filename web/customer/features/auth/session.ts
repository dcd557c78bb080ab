import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getSession } from '../../../../contracts/public';
import { onAuthEvent } from '../../lib/auth-channel';
import { ApiError, callEndpoint } from '../../../shared/api/client';
import { outlivesSignOut, queryKeys } from '../../lib/query-keys';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The language of the customer's e-mails. */
  locale?: string | null;
}

/**
 * The session from the server (null when signed out); re-checked every 30 s while the tab is visible.
 * A plain GET of Better Auth's endpoint: its browser client is not needed to read it (first page).
 */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async ({ signal }): Promise<SessionUser | null> => {
    try {
      return (await callEndpoint(getSession, { signal }))?.user ?? null;
    } catch (err) {
      // 401 means signed out; anything else is a failure we let the query retry.
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  refetchInterval: 30_000,
  refetchIntervalInBackground: false,
  refetchOnWindowFocus: 'always',
  staleTime: 10_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** Other tabs signing in or out: re-check at once, so this tab follows. */
export function useSessionSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAuthEvent((event) => {
        if (event === 'signed-out') {
          queryClient.setQueryData(sessionQuery.queryKey, null);
          queryClient.removeQueries({ predicate: (q) => !outlivesSignOut(q.queryKey) });
        }
        void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
      }),
    [queryClient],
  );
}
