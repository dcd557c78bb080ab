import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { listStaffMembers } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Every office account (owners only may ask). */
export const staffQuery = () =>
  queryOptions({
    queryKey: officeQueryKeys.staff,
    queryFn: async ({ signal }) => (await callEndpoint(listStaffMembers, { signal })).staff,
    refetchOnMount: false,
  });

export const prefetchStaff = async (queryClient: QueryClient) => {
  const me = queryClient.getQueryData<{ role: string }>(officeQueryKeys.me);
  if (me?.role === 'owner') await queryClient.prefetchQuery(staffQuery());
};

export function useStaff(enabled: boolean) {
  return useQuery({ ...staffQuery(), enabled });
}
