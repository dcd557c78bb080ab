import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestQuoteRevision } from '../../../../../contracts/customer/quotes';
import { callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

export interface RevisionInput {
  quoteId: number;
  message: string;
}

/** Stores the request; the server e-mails the office in the same transaction. */
export function useRequestRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, message }: RevisionInput) => callEndpoint(requestQuoteRevision, { params: { id: quoteId }, body: { message } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
