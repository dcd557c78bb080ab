import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '../../../../../contracts/customer/profile';
import { api } from '../../../../shared/api/client';

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get('/api/profile', signal));
}

export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: ({ signal }) => getProfile(signal),
});

export function useProfile() {
  return useQuery(profileQuery);
}
