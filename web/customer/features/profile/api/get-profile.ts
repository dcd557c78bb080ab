import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProfile } from '../../../../../contracts/customer/profile';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => callEndpoint(getProfile, { signal }),
    // The route's loader fetches it on every visit (app/router.tsx); mounting the page adds no request.
    refetchOnMount: false,
  });

export function useProfile() {
  return useQuery(profileQuery());
}
