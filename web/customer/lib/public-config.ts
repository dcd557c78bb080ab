import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../contracts/public';
import { callEndpoint } from '../../shared/api/client';
import { queryKeys } from './query-keys';
import { setCompanyTimeZone } from '../../shared/format';

/** The deployment's company details and switches; fetched once per visit. */
export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.config,
  queryFn: async ({ signal }) => {
    const config = await callEndpoint(getPublicConfig, { signal });
    setCompanyTimeZone(config.timeZone); // one clock: web/shared/format.ts
    return config;
  },
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
