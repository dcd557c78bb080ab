import { useMutation, useQueryClient } from '@tanstack/react-query';
import { revisionRequestCreatedSchema, revisionRequestSchema, type RevisionRequestCreated } from '../../../../../contracts/customer/quotes';
import { api } from '../../../../shared/api/client';
import { quotesKey } from './get-quotes';

export interface RevisionInput {
  quoteId: number;
  message: string;
}

/** Stores the request; the server e-mails the office in the same transaction. */
export async function requestRevision({ quoteId, message }: RevisionInput): Promise<RevisionRequestCreated> {
  const body = revisionRequestSchema.parse({ message });
  return revisionRequestCreatedSchema.parse(await api.post(`/api/quotes/${quoteId}/revision-requests`, body));
}

export function useRequestRevision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestRevision,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: quotesKey });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}
