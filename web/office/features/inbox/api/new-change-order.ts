import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOfficeChangeOrder } from '../../../../../contracts/office/change-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** The Inbox's 'New change order' on a revision request of an approved quote: a draft (or the one being written) to open. */
export function useNewChangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: number) => callEndpoint(createOfficeChangeOrder, { params: { id: quoteId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: officeQueryKeys.changeOrders.all }),
  });
}
