import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '../../../../../contracts/customer/dashboard';
import { api } from '../../../../shared/api/client';

export async function getDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return dashboardSchema.parse(await api.get('/api/dashboard', signal));
}

/** The whole page in one request; quotes and work orders mutations invalidate ['dashboard']. */
export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: ({ signal }) => getDashboard(signal),
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
