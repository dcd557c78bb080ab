import { useMutation, useQueryClient } from '@tanstack/react-query';
import { suspendStaffMember } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** 'Suspend': every session of the account ends at once. The list is asked again afterwards. */
export function useSuspendStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(suspendStaffMember, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.staff }),
  });
}
