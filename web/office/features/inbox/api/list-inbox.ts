import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { listInbox } from '../../../../../contracts/office/inbox';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** The open Inbox entries, newest first, a page at a time ("Load more" asks for the next cursor). */
export const inboxQuery = () =>
  infiniteQueryOptions({
    queryKey: officeQueryKeys.inbox,
    queryFn: ({ pageParam, signal }) => callEndpoint(listInbox, { query: { after: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

export const prefetchInbox = (queryClient: QueryClient) => queryClient.prefetchInfiniteQuery(inboxQuery());

export function useInbox() {
  return useInfiniteQuery(inboxQuery());
}
