import { queryOptions, useQuery } from '@tanstack/react-query';
import { getDashboard } from '../../../../../contracts/customer/dashboard';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/** The whole page in one request; quote and work order mutations invalidate it. */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => callEndpoint(getDashboard, { signal }),
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

export function useDashboard() {
  return useQuery(dashboardQuery());
}
