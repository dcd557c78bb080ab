import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../../../contracts/public';
import { callEndpoint } from '../api/client';
import { sharedQueryKeys } from '../api/query-keys';
import { setCompanyTimeZone } from '../format';

/** The deployment's company details and switches (brand, tab title, time zone); fetched once per visit, by either app. */
export const publicConfigQuery = queryOptions({
  queryKey: sharedQueryKeys.config,
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
