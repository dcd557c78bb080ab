import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStaffRole, type OfficeRole } from '../../../../../contracts/office/staff';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Makes an account owner or staff (it takes effect at its next request). The list is asked again afterwards. */
export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: OfficeRole }) => callEndpoint(setStaffRole, { params: { id }, body: { role } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.staff }),
  });
}
