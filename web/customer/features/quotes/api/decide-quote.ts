import { useMutation, useQueryClient } from '@tanstack/react-query';
import { approveQuote, declineQuote, type ApproveQuoteInput, type DeclineQuoteInput } from '../../../../../contracts/customer/quotes';
import type { ApiErrorCode } from '../../../../../contracts/errors';
import { ApiError, callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

export type Decision = { quoteId: number } & ({ kind: 'approve'; body: ApproveQuoteInput } | { kind: 'decline'; body: DeclineQuoteInput });

/** Why the server refused (409): another version was sent meanwhile, or the quote expired. */
export function refusal(error: unknown): 'changed' | 'expired' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const expired: ApiErrorCode = 'quote_expired';
  return error.code === expired ? 'expired' : 'changed';
}

/**
 * Approve or decline the version on screen. Success or refusal, the quote is loaded again (the list's
 * key covers the page's): after a 409 the customer sees the version that is current now.
 */
export function useDecideQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) =>
      decision.kind === 'approve'
        ? callEndpoint(approveQuote, { params: { id: decision.quoteId }, body: decision.body })
        : callEndpoint(declineQuote, { params: { id: decision.quoteId }, body: decision.body }),
    onSettled: (_data, error) => {
      if (error && !refusal(error)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.quotes.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
    },
  });
}
