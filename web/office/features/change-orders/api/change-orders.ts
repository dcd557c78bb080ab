import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ContractView } from '../../../../../contracts/change-order-document';
import {
  createOfficeChangeOrder,
  createOfficeWorkOrderChangeOrder,
  getOfficeChangeOrder,
  getOfficeQuoteChangeOrders,
  getOfficeWorkOrderChangeOrders,
  saveOfficeChangeOrderDraft,
  sendOfficeChangeOrder,
  type ChangeOrderDraftInput,
} from '../../../../../contracts/office/change-orders';
import { callEndpoint } from '../../../../shared/api/client';
import { officeQueryKeys } from '../../../lib/query-keys';

export type ContractSource = { quoteId: number } | { workOrderId: number };

export const officeContractQuery = (source: ContractSource) =>
  queryOptions<ContractView | null>({
    queryKey:
      'quoteId' in source ? officeQueryKeys.changeOrders.quote(source.quoteId) : officeQueryKeys.changeOrders.workOrder(source.workOrderId),
    queryFn: ({ signal }) =>
      'quoteId' in source
        ? callEndpoint(getOfficeQuoteChangeOrders, { params: { id: source.quoteId }, signal })
        : callEndpoint(getOfficeWorkOrderChangeOrders, { params: { id: source.workOrderId }, signal }),
  });
export const useOfficeContract = (source: ContractSource) => useQuery(officeContractQuery(source));

export const officeChangeOrderQuery = (id: number) =>
  queryOptions({
    queryKey: officeQueryKeys.changeOrders.detail(id),
    queryFn: ({ signal }) => callEndpoint(getOfficeChangeOrder, { params: { id }, signal }),
  });
export const useOfficeChangeOrder = (id: number) => useQuery(officeChangeOrderQuery(id));

export function changeOrderIdFrom(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const prefetchOfficeChangeOrder = async (queryClient: QueryClient, url: URL) => {
  const id = changeOrderIdFrom(/\/office\/change-orders\/(\d+)/.exec(url.pathname)?.[1]);
  if (id) await queryClient.prefetchQuery(officeChangeOrderQuery(id));
};

/** 'New change order': a draft on the quote (or the work order's quote), or the one already being written. */
export function useCreateChangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (source: ContractSource) =>
      'quoteId' in source
        ? callEndpoint(createOfficeChangeOrder, { params: { id: source.quoteId } })
        : callEndpoint(createOfficeWorkOrderChangeOrder, { params: { id: source.workOrderId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: officeQueryKeys.changeOrders.all }),
  });
}

export function useSaveChangeOrderDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ChangeOrderDraftInput) => callEndpoint(saveOfficeChangeOrderDraft, { params: { id }, body: draft }),
    onSuccess: (saved) => {
      queryClient.setQueryData(officeQueryKeys.changeOrders.detail(id), saved);
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.changeOrders.all });
    },
  });
}

export function useSendChangeOrder(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(sendOfficeChangeOrder, { params: { id } }),
    onSuccess: (sent) => {
      queryClient.setQueryData(officeQueryKeys.changeOrders.detail(id), sent);
      void queryClient.invalidateQueries({ queryKey: officeQueryKeys.changeOrders.all });
    },
  });
}
