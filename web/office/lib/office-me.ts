import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOfficeMe } from '../../../contracts/office/me';
import { callEndpoint } from '../../shared/api/client';
import { officeQueryKeys } from './query-keys';

/**
 * The signed-in office account. Fetched once per visit (and after a sign-in): asking again on a timer
 * would count as activity and keep an idle session alive past its 60 minutes. A session that ends is
 * noticed by the next office request's 401 (app/session.ts).
 */
export const officeMeQuery = queryOptions({
  queryKey: officeQueryKeys.me,
  queryFn: ({ signal }) => callEndpoint(getOfficeMe, { signal }),
  staleTime: Infinity,
  retry: false,
});

export function useOfficeMe() {
  return useQuery(officeMeQuery);
}
