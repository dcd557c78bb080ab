import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkOfficeSetup } from '../../../../../contracts/office/setup';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Whom a set-up link is for (POST, so the token stays out of URLs the server logs); asked once. */
export const setupCheckQuery = (token: string) =>
  queryOptions({
    queryKey: officeQueryKeys.setup(token),
    queryFn: ({ signal }) => callEndpoint(checkOfficeSetup, { body: { token }, signal }),
    staleTime: Infinity,
    retry: false,
  });

export function useSetupCheck(token: string) {
  return useQuery({ ...setupCheckQuery(token), enabled: token !== '' });
}
