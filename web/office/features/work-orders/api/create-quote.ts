import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOfficeQuoteFromRequest } from '../../../../../contracts/office/quotes';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** 'Create quote' on a work request: the new draft quote (the page then opens its editor). */
export function useCreateQuoteFromRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(createOfficeQuoteFromRequest, { params: { id } }),
    onSuccess: (quote) => {
      queryClient.setQueryData(officeQueryKeys.quotes.detail(quote.id), quote);
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.workOrders.detail(id) });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.quotes.lists });
    },
  });
}
