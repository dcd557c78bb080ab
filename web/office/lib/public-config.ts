import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../contracts/public';
import { callEndpoint } from '../../shared/api/client';
import { queryKeys } from '../../shared/api/query-keys';

/** The deployment's company details (the brand in the sidebar and the tab title); fetched once per visit. */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: ({ signal }) => callEndpoint(getPublicConfig, { signal }),
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
