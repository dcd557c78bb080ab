import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendStaffSetup } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** A lost authenticator or an expired link: a fresh set-up link is e-mailed (its sessions end, its codes stop until set up again). The list is asked again afterwards. */
export function useResendStaffSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(resendStaffSetup, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.staff }),
  });
}
