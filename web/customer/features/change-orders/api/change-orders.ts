import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  approveChangeOrder,
  declineChangeOrder,
  getQuoteChangeOrders,
  getWorkOrderChangeOrders,
  type ApproveChangeOrderInput,
  type DeclineChangeOrderInput,
} from '../../../../../contracts/customer/change-orders';
import type { ApiErrorCode } from '../../../../../contracts/errors';
import type { ContractView } from '../../../../../contracts/change-order-document';
import { ApiError, callEndpoint } from '../../../../shared/api/client';
import { queryKeys } from '../../../lib/query-keys';

export type ContractSource = { quoteId: number } | { workOrderId: number };

export const contractQuery = (source: ContractSource) =>
  queryOptions<ContractView | null>({
    queryKey: 'quoteId' in source ? queryKeys.changeOrders.quote(source.quoteId) : queryKeys.changeOrders.workOrder(source.workOrderId),
    queryFn: ({ signal }) =>
      'quoteId' in source
        ? callEndpoint(getQuoteChangeOrders, { params: { id: source.quoteId }, signal })
        : callEndpoint(getWorkOrderChangeOrders, { params: { id: source.workOrderId }, signal }),
  });

export const useContract = (source: ContractSource) => useQuery(contractQuery(source));

export type Refusal = 'expired' | 'outdated' | 'decided';
/** Why the server refused (409): expired, the contract changed meanwhile, or already answered. */
export function refusal(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const codes: Record<string, Refusal> = {
    change_order_expired: 'expired',
    contract_changed: 'outdated',
    change_order_decided: 'decided',
  } satisfies Partial<Record<ApiErrorCode, Refusal>>;
  return codes[error.code ?? ''] ?? 'decided';
}

export type ChangeOrderAnswer = { id: number } & (
  { kind: 'approve'; body: ApproveChangeOrderInput } | { kind: 'decline'; body: DeclineChangeOrderInput }
);

/** Approve or decline; answered or refused, every contract on screen is loaded again. */
export function useAnswerChangeOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: ChangeOrderAnswer) =>
      answer.kind === 'approve'
        ? callEndpoint(approveChangeOrder, { params: { id: answer.id }, body: answer.body })
        : callEndpoint(declineChangeOrder, { params: { id: answer.id }, body: answer.body }),
    onSettled: (_data, error) => {
      if (error && !refusal(error)) return;
      void queryClient.invalidateQueries({ queryKey: queryKeys.changeOrders.all });
    },
  });
}
