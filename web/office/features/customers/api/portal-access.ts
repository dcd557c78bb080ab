import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../../contracts/locale';
import { getPortalAccess, inviteToPortal } from '../../../../../contracts/office/invitations';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

export const portalAccessQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.customers.portalAccess(id),
    queryFn: ({ signal }) => callEndpoint(getPortalAccess, { params: { id }, signal }),
  });

export const usePortalAccess = (id: number) => useQuery(portalAccessQuery(id));

/** 'Invite to portal': the answer is the customer's portal access as it is now (last invited just now). */
export function useInviteToPortal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locale: Locale) => callEndpoint(inviteToPortal, { params: { id }, body: { locale } }),
    onSuccess: (access) => queryClient.setQueryData(officeQueryKeys.customers.portalAccess(id), access),
  });
}
