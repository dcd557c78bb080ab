import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authClient } from '../../lib/auth-client';
import { onAuthEvent } from '../../lib/auth-channel';
import { outlivesSignOut, queryKeys } from '../../../shared/api/query-keys';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The language of the customer's e-mails. */
  locale?: string | null;
}

/** The session from the server (null when signed out); re-checked every 30 s while the tab is visible. */
export const sessionQuery = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async (): Promise<SessionUser | null> => {
    const { data, error } = await authClient.getSession();
    if (error) {
      // 401 means signed out; anything else is a failure we let the query retry.
      if (error.status === 401) return null;
      throw new Error(error.message ?? `session check failed (${error.status})`);
    }
    return data?.user ?? null;
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
