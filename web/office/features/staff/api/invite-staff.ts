import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteStaffMember, type InviteInput } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Creates the account and e-mails its set-up link (valid 24 hours). The list is asked again afterwards. */
export function useInviteStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => callEndpoint(inviteStaffMember, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.staff }),
  });
}
