import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  answerOfficeRevisionRequest,
  createOfficeQuote,
  newOfficeQuoteVersion,
  saveOfficeQuoteDraft,
  sendOfficeQuote,
  type OfficeQuote,
  type QuoteDraftInput,
} from '../../../../../contracts/office/quotes';
import { createOfficeWorkOrderFromQuote } from '../../../../../contracts/office/work-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

/** The quote as the server answered; the lists, the customer's page and the Inbox are asked again. */
function settle(queryClient: QueryClient, quote: OfficeQuote) {
  queryClient.setQueryData(officeQueryKeys.quotes.detail(quote.id), quote);
  void queryClient.invalidateQueries({ queryKey: officeQueryKeys.quotes.lists });
  void queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.all });
  void queryClient.invalidateQueries({ queryKey: officeQueryKeys.inbox });
}

export interface SaveInput {
  /** Unset for 'New quote': the draft is created for `customerId`. */
  id?: number | undefined;
  customerId?: number | undefined;
  draft: QuoteDraftInput;
  /** Whether the draft has changes to save first (a new quote always has). */
  dirty: boolean;
  /** 'Send to customer' after saving. */
  send: boolean;
}

export interface SaveOutcome {
  quote: OfficeQuote;
  sent: boolean;
  /** The draft was saved (or created) but sending it was refused: why. */
  sendError?: unknown;
}

/**
 * 'Save draft' (a new quote is created, an existing draft replaced) and 'Send to customer' (saved
 * first when there are changes, then sent). The body is checked with the server's own schema before
 * it leaves (callEndpoint), so field errors arrive as that schema's issues.
 */
export function useSaveQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, customerId, draft, dirty, send }: SaveInput): Promise<SaveOutcome> => {
      let quote: OfficeQuote | undefined;
      if (id === undefined) quote = await callEndpoint(createOfficeQuote, { body: { customerId: customerId ?? 0, ...draft } });
      else if (dirty || !send) quote = await callEndpoint(saveOfficeQuoteDraft, { params: { id }, body: draft });
      if (quote) settle(queryClient, quote);
      if (!send) return { quote: quote!, sent: false };
      try {
        const sent = await callEndpoint(sendOfficeQuote, { params: { id: quote?.id ?? id! } });
        settle(queryClient, sent);
        return { quote: sent, sent: true };
      } catch (sendError) {
        // Nothing saved in this call: the refusal is the call's failure.
        if (!quote) throw sendError;
        return { quote, sent: false, sendError };
      }
    },
  });
}

/** 'New version': a draft n+1 copied from the current version. */
export function useNewVersion(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(newOfficeQuoteVersion, { params: { id } }),
    onSuccess: (quote) => settle(queryClient, quote),
  });
}

/** 'Create work order' on an Approved quote: the new order's id. */
export function useCreateWorkOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(createOfficeWorkOrderFromQuote, { params: { id }, body: {} }),
    onSuccess: (order) => {
      queryClient.setQueryData<OfficeQuote>(officeQueryKeys.quotes.detail(id), (quote) => quote && { ...quote, workOrderId: order.id });
      // The order may be the quote's work request, continued: its page and the Inbox change too.
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.workOrders.all });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.inbox });
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.customers.all });
    },
  });
}

/** The office's written answer to a revision request (shown to the customer on the quote). */
export function useAnswerRevision(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: number; answer: string }) =>
      callEndpoint(answerOfficeRevisionRequest, { params: { id, requestId }, body: { answer } }),
    onSuccess: (quote) => settle(queryClient, quote),
  });
}
