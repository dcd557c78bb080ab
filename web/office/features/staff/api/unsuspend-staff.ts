import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unsuspendStaffMember } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Lifts a suspension; they sign in again with their password and authenticator. The list is asked again afterwards. */
export function useUnsuspendStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(unsuspendStaffMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.staff }),
  });
}
