import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addCustomer, type NewCustomer } from '../../../../../contracts/office/customers';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** 'Add customer': someone with no account yet; every search is asked again (the new name may match). */
export function useAddCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCustomer) => callEndpoint(addCustomer, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.all }),
  });
}
