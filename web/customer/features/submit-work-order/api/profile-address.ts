import { useQuery } from '@tanstack/react-query';
import { getProfile } from '../../../../../contracts/customer/profile';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * The signed-in customer's profile address ('' when there is none, or while it loads), to start the
 * Service Address with. The same query as the Profile screen's (its key, its endpoint), so one cached
 * answer serves both and a saved change shows here too; features do not import each other.
 */
export function useProfileAddress(): string {
  const profile = useQuery({
    queryKey: queryKeys.profile,
    queryFn: ({ signal }) => callEndpoint(getProfile, { signal }),
    refetchOnMount: false,
  });
  return profile.data?.address ?? '';
}
