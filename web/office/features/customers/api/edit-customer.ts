import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editCustomer, type CustomerDetail, type CustomerEdit } from '../../../../../contracts/office/customers';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** Saves the profile; the page shows what the server saved, and the searches are asked again (names sort them). */
export function useEditCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerEdit) => callEndpoint(editCustomer, { params: { id }, body: input }),
    onSuccess: (customer) => {
      queryClient.setQueryData<CustomerDetail>(officeQueryKeys.customers.detail(id), (detail) => detail && { ...detail, customer });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.searches });
    },
  });
}
