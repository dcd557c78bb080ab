import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../../contracts/public';
import { api } from '../../shared/api/client';

/** The deployment's company details and switches; fetched once per visit. */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api.get<PublicConfig>('/api/config', signal),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
